// The door's camera: Start camera asks for the (back) camera, shows it and
// reads every QR code in view (qrScanner.ts, loaded only now); each code read
// goes to `onCode`. Below it, a field for a ticket's code typed by hand or
// sent by a handheld scanner (which types the code and presses Enter).
// `startSignal` (the search's "Scan a ticket instead" on a phone) starts the
// camera and brings the card into view.
import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCamera, IconCameraOff } from '@tabler/icons-react';
import classes from './door.module.css';
import type { QrScanner } from './qrScanner';

type CameraState = { kind: 'off' } | { kind: 'starting' } | { kind: 'on'; engine: string } | { kind: 'error'; message: string };

function cameraError(error: unknown): string {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'Camera access was refused. Allow the camera for this site in the browser\'s settings, or check attendees in by name.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found on this device. Check attendees in by name, or type the ticket code.';
  if (name === 'NotReadableError') return 'The camera is in use by another app. Close it and try again.';
  return 'The camera could not be started. Check attendees in by name, or type the ticket code.';
}

export function CameraScanner({ onCode, startSignal = 0, onActiveChange }: {
  onCode: (text: string, method: 'scan') => void;
  startSignal?: number;
  /** Told when the camera starts and stops (the answer above it is then kept small, so the camera stays in view). */
  onActiveChange?: (active: boolean) => void;
}) {
  const card = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const scanner = useRef<QrScanner | null>(null);
  const latest = useRef(onCode);
  const [state, setState] = useState<CameraState>({ kind: 'off' });
  const [typed, setTyped] = useState('');

  useEffect(() => {
    latest.current = onCode;
  }, [onCode]);

  const stop = () => {
    scanner.current?.stop();
    scanner.current = null;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    if (video.current) video.current.srcObject = null;
  };
  useEffect(() => stop, []);

  const start = async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({ kind: 'error', message: 'This browser cannot use the camera here (it needs a secure https connection). Check attendees in by name, or type the ticket code.' });
      return;
    }
    setState({ kind: 'starting' });
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      stream.current = media;
      const element = video.current;
      if (!element) throw new Error('no video element');
      element.srcObject = media;
      await element.play();
      const { startQrScanner } = await import('./qrScanner');
      scanner.current = await startQrScanner(element, (text) => latest.current(text, 'scan'));
      setState({ kind: 'on', engine: scanner.current.engine });
    } catch (error) {
      stop();
      setState({ kind: 'error', message: cameraError(error) });
    }
  };

  const startRef = useRef(start);
  const stateRef = useRef(state);
  useEffect(() => {
    startRef.current = start;
    stateRef.current = state;
  });
  useEffect(() => {
    if (startSignal === 0) return;
    card.current?.scrollIntoView({ block: 'start' });
    if (stateRef.current.kind === 'off' || stateRef.current.kind === 'error') void startRef.current();
  }, [startSignal]);

  const on = state.kind === 'on' || state.kind === 'starting';
  useEffect(() => {
    onActiveChange?.(on);
  }, [on, onActiveChange]);
  return (
    <Paper ref={card} withBorder radius="md" p="md" className={classes.camera} data-camera>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>Scan a ticket</Text>
          {on ? (
            <Button variant="default" leftSection={<IconCameraOff size={18} />} onClick={() => { stop(); setState({ kind: 'off' }); }}>Stop camera</Button>
          ) : (
            <Button leftSection={<IconCamera size={18} />} onClick={() => void start()}>Start camera</Button>
          )}
        </Group>
        <Box
          pos="relative"
          style={{ borderRadius: 8, overflow: 'hidden', background: '#0b1533', aspectRatio: '4 / 3', display: on ? 'block' : 'none' }}
        >
          <video ref={video} muted playsInline aria-label="Camera" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        </Box>
        {state.kind === 'on' && <Text size="xs" c="dimmed" data-engine={state.engine}>Hold the ticket's QR code in view. Codes are read on this device.</Text>}
        {state.kind === 'error' && <Alert color="red" title="Camera not available">{state.message}</Alert>}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const text = typed.trim();
            if (!text) return;
            latest.current(text, 'scan');
            setTyped('');
          }}
        >
          <Group align="flex-end" wrap="nowrap" gap="xs">
            <TextInput
              style={{ flex: 1 }}
              label="Ticket code"
              description="Typed, or from a handheld scanner"
              placeholder="AICM1:… or the code"
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              spellCheck={false}
            />
            <Button type="submit" variant="light">Check</Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}

// "Door passes" on Door Check-in: a door pass lets door staff without an
// account check people in at this masterclass only (the link /door/<id> and a
// 6-digit PIN; pb_hooks/lib/checkin/passes.js). Create one (the link and PIN
// are shown once, with copy buttons), see each pass's last use and how many
// people it checked in, give it a new PIN (unlocks it, signs its devices out)
// or revoke it (every device using it is refused at once). Needs a connection.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Code, CopyButton, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { ClientResponseError } from 'pocketbase';
import responsive from '@/components/responsive.module.css';
import { pb } from '@/lib/pocketbase';
import { doorTime } from './decisionText';

const ROUTE = '/api/masterclass/admin/door-passes';

interface DoorPass {
  id: string;
  label: string;
  created: string;
  revoked_at: string;
  last_used_at: string;
  locked_until: string;
  check_ins: number;
}

interface IssuedPass extends DoorPass {
  pin: string;
  url: string;
}

function errorText(error: unknown): string {
  if (error instanceof ClientResponseError) {
    if (error.status === 0) return 'No connection: door passes need a connection.';
    const message = (error.response as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message && error.status < 500) return message;
  }
  return 'Something went wrong. Please try again.';
}

function Copy({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button size="compact-sm" variant="light" onClick={copy} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />} aria-label={`Copy the ${label}`}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      )}
    </CopyButton>
  );
}

function IssuedDialog({ issued, onClose }: { issued: IssuedPass | null; onClose: () => void }) {
  return (
    <Modal opened={issued !== null} onClose={onClose} title={issued ? `Door pass “${issued.label}”` : ''} centered>
      {issued && (
        <Stack gap="md">
          <Text size="sm">Give the door staff this link and PIN. The PIN is shown only now; you can set a new one later.</Text>
          <Stack gap={4}>
            <Text fw={600} size="sm">Link</Text>
            <Group gap="xs" wrap="nowrap" align="center">
              <Code style={{ overflowWrap: 'anywhere', flex: 1 }} data-pass-url>{issued.url}</Code>
              <Copy value={issued.url} label="link" />
            </Group>
          </Stack>
          <Stack gap={4}>
            <Text fw={600} size="sm">PIN</Text>
            <Group gap="xs" align="center">
              <Text ff="monospace" fz={28} fw={800} lts={4} data-pass-pin>{issued.pin}</Text>
              <Copy value={issued.pin} label="PIN" />
            </Group>
          </Stack>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

export function DoorPassesCard({ eventId, timeZone }: { eventId: string; timeZone: string }) {
  const [passes, setPasses] = useState<DoorPass[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [label, setLabel] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<IssuedPass | null>(null);
  const [revoking, setRevoking] = useState<DoorPass | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  // Read again after every change (`version`).
  const [version, setVersion] = useState(0);
  const load = useCallback(() => setVersion((value) => value + 1), []);
  useEffect(() => {
    let live = true;
    pb.send<{ items: DoorPass[] }>(ROUTE, { method: 'GET', query: { event: eventId }, requestKey: null }).then((answer) => {
      if (!live) return;
      setPasses(answer.items);
      setLoadError(null);
    }, (error: unknown) => {
      if (live) setLoadError(errorText(error));
    });
    return () => {
      live = false;
    };
  }, [eventId, version]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const name = label.trim();
    if (name.length < 1 || name.length > 60) return setFormError('Give the door pass a name of 1 to 60 characters (for example "North door").');
    setBusy(true);
    setFormError(null);
    try {
      setIssued(await pb.send<IssuedPass>(ROUTE, { method: 'POST', body: { event: eventId, label: name }, requestKey: null }));
      setLabel('');
      load();
    } catch (error) {
      setFormError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const act = async (pass: DoorPass, action: 'revoke' | 'pin') => {
    setActionError(null);
    try {
      const answer = await pb.send<IssuedPass>(`${ROUTE}/${pass.id}/${action}`, { method: 'POST', requestKey: null });
      if (action === 'pin') setIssued(answer);
      load();
    } catch (error) {
      setActionError(errorText(error));
    }
  };

  return (
    <Paper withBorder radius="md" className={responsive.paddingSmMd} component="section" aria-labelledby="door-passes-title">
      <IssuedDialog issued={issued} onClose={() => setIssued(null)} />
      <Modal opened={revoking !== null} onClose={() => setRevoking(null)} title="Revoke this door pass?" centered>
        <Stack gap="md">
          <Text>Devices using “{revoking?.label}” stop checking people in at once. Check-ins they have not sent yet stay on those devices until an administrator signs in there.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(null)}>Keep it</Button>
            <Button color="red" onClick={() => { const pass = revoking; setRevoking(null); if (pass) void act(pass, 'revoke'); }}>Revoke</Button>
          </Group>
        </Stack>
      </Modal>
      <Stack gap="sm">
        <Title order={2} fz="lg" id="door-passes-title">Door passes</Title>
        <Text size="sm" c="dimmed">
          A door pass lets door staff without an account check people in at this masterclass only, and nothing else: give them its link and PIN. Revoke it when the door closes.
        </Text>
        <form onSubmit={(event) => void create(event)} noValidate>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Name of the door pass"
              placeholder="North door"
              value={label}
              onChange={(event) => {
                setLabel(event.currentTarget.value);
                setFormError(null);
              }}
              error={formError}
              maxLength={60}
              style={{ flex: '1 1 220px' }}
            />
            <Button type="submit" loading={busy} leftSection={<IconKey size={16} />}>Create door pass</Button>
          </Group>
        </form>
        {loadError && <Alert color="orange" role="alert">{loadError}</Alert>}
        {actionError && <Alert color="red" role="alert">{actionError}</Alert>}
        {passes && passes.length === 0 && <Text size="sm">No door passes for this masterclass yet.</Text>}
        {passes && passes.length > 0 && (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Door passes">
            {passes.map((pass) => (
              <Paper key={pass.id} component="li" withBorder radius="sm" p="xs" data-door-pass={pass.label}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Group gap={6}>
                      <Text fw={600}>{pass.label}</Text>
                      {pass.revoked_at ? <Badge color="gray" variant="light">Revoked</Badge>
                        : pass.locked_until ? <Badge color="orange" variant="light">Locked after wrong PINs</Badge>
                          : <Badge color="green" variant="light">Active</Badge>}
                    </Group>
                    <Text size="xs" c="dimmed" data-door-pass-use>
                      {pass.check_ins} check-in{pass.check_ins === 1 ? '' : 's'}
                      {' · '}{pass.last_used_at ? `last opened ${doorTime(pass.last_used_at, timeZone, new Date())}` : 'never opened'}
                      {pass.revoked_at ? ` · revoked ${doorTime(pass.revoked_at, timeZone, new Date())}` : ''}
                    </Text>
                  </Stack>
                  {!pass.revoked_at && (
                    <Group gap="xs">
                      <Button size="compact-sm" variant="default" onClick={() => void act(pass, 'pin')} aria-label={`New PIN for ${pass.label}`}>New PIN</Button>
                      <Button size="compact-sm" variant="light" color="red" onClick={() => setRevoking(pass)} aria-label={`Revoke ${pass.label}`}>Revoke</Button>
                    </Group>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

// A ticket's QR code (the portal's ticket, the door view, the completion and
// order pages), drawn in the browser as an SVG (sharp at any size, on
// any screen, with no network). The encoder, qrcode-generator, is loaded when
// the first code is drawn, so no other page carries it; the service worker
// keeps its chunk like every other, so it loads offline too.
import { useEffect, useState } from 'react';
import { Skeleton } from '@mantine/core';
import { qrPath } from '@/lib/qrPath';

/** The standard's quiet zone: four modules of white on every side. */
const MARGIN = 4;

interface Drawn {
  text: string;
  size: number;
  path: string;
}

async function drawQr(text: string): Promise<Drawn> {
  const { default: qrcode } = await import('qrcode-generator');
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  const modules = Array.from({ length: count }, (_, row) => Array.from({ length: count }, (_, column) => qr.isDark(row, column)));
  return { text, size: count + 2 * MARGIN, path: qrPath(modules, MARGIN) };
}

export interface TicketQrProps {
  /** What the code carries (src/lib/ticket.ts ticketPayload). */
  payload: string;
  /** Width and height on screen, in CSS pixels or any CSS length. */
  size: number | string;
  /** What a screen reader says for it. */
  label: string;
}

export function TicketQr({ payload, size, label }: TicketQrProps) {
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    drawQr(payload).then(
      (result) => current && setDrawn(result),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [payload]);

  if (failed) {
    return (
      <div role="alert" style={{ width: size, height: size, display: 'grid', placeItems: 'center', textAlign: 'center', border: '1px solid #ced4da', borderRadius: 8, padding: 12 }}>
        The QR code could not be drawn. Reload the page, or show the ticket code below.
      </div>
    );
  }
  if (!drawn || drawn.text !== payload) return <Skeleton width={size} height={size} radius="sm" aria-label="Drawing your ticket's QR code" />;
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid="ticket-qr"
      viewBox={`0 0 ${drawn.size} ${drawn.size}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      style={{ display: 'block', background: '#ffffff' }}
    >
      <rect width={drawn.size} height={drawn.size} fill="#ffffff" />
      <path d={drawn.path} fill="#000000" />
    </svg>
  );
}

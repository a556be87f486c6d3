// "Tax invoices" under Your Ticket: the tax invoice and adjustment notes of
// each order the signed-in account paid for (the order's email is the
// account's), to download as PDF. Read from the server when the page opens
// (pb_hooks/invoices.pb.js); an attendee who did not pay for their seat, or a
// device without a connection, sees nothing here rather than an empty list.
import { useEffect, useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { downloadFile } from '@/lib/downloadFile';
import { formatMoney } from '@/lib/money';
import { pb } from '@/lib/pocketbase';

export interface TaxDocument {
  id: string;
  kind: 'invoice' | 'adjustment';
  title: string;
  number: string;
  invoiceNumber: string;
  amountCents: number;
  gstCents: number;
  currency: string;
  fileName: string;
  url: string;
  eventTitle: string;
}

const FAILED = 'The document could not be downloaded. Check the connection and try again.';

async function downloadDocument(document: TaxDocument): Promise<void> {
  const response = await fetch(pb.buildURL(document.url), { headers: { Authorization: pb.authStore.token } });
  if (!response.ok) {
    let message = FAILED;
    try {
      message = ((await response.json()) as { message?: string }).message || FAILED;
    } catch {
      // not JSON
    }
    throw new Error(message);
  }
  downloadFile(await response.blob(), document.fileName);
}

function describe(document: TaxDocument): string {
  const amount = formatMoney(document.amountCents, document.currency);
  const gst = formatMoney(document.gstCents, document.currency);
  return document.kind === 'invoice'
    ? `${document.eventTitle} · ${amount}, including GST of ${gst}`
    : `Refund of ${amount}, including GST of ${gst}, against ${document.invoiceNumber}`;
}

export function TaxInvoices({ userId }: { userId: string }) {
  const [documents, setDocuments] = useState<TaxDocument[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState('');

  useEffect(() => {
    if (!userId) return undefined;
    let current = true;
    pb.send<{ documents: TaxDocument[] }>('/api/masterclass/me/tax-documents', { method: 'GET', requestKey: null }).then(
      (answer) => current && setDocuments(answer.documents),
      () => current && setDocuments(null),
    );
    return () => {
      current = false;
    };
  }, [userId]);

  if (!documents || documents.length === 0) return null;

  const download = async (document: TaxDocument) => {
    setBusy(document.id);
    setFailure('');
    try {
      await downloadDocument(document);
    } catch (error) {
      setFailure(`${document.title} ${document.number} not downloaded: ${error instanceof Error ? error.message : FAILED}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="tax-invoices-title" maw={720}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" c="navy.9" id="tax-invoices-title">
            Tax invoices
          </Title>
          <Text size="sm" c="dimmed">
            For the registrations you paid for. An adjustment note records a refund.
          </Text>
        </div>
        {documents.map((document) => (
          <Group key={document.id} justify="space-between" wrap="wrap" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">
                {document.title} {document.number}
              </Text>
              <Text size="sm" c="dimmed">
                {describe(document)}
              </Text>
            </div>
            <Button
              variant="light"
              size="sm"
              leftSection={<IconFileInvoice size={18} />}
              loading={busy === document.id}
              onClick={() => void download(document)}
              aria-label={`Download PDF of ${document.title.toLowerCase()} ${document.number}`}
            >
              Download PDF
            </Button>
          </Group>
        ))}
        <Text size="sm" c="red.8" role="status">
          {failure}
        </Text>
      </Stack>
    </Card>
  );
}

// The pitch-ready one-page summary: prints cleanly, downloads as a PDF, a Word
// document or Markdown, and copies to the clipboard. The PDF and Word makers
// load only when their button is pressed.
import { Alert, Badge, Button, Card, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { useState } from 'react';
import { IconClipboard, IconDownload, IconFileTypeDocx, IconFileTypePdf, IconPencil, IconPrinter } from '@tabler/icons-react';
import { notify } from '@/components/notify';
import { downloadFile } from '@/lib/downloadFile';
import { missingParts, sumCents, type CaseFields } from './caseFields';
import { caseMarkdown, markdownFileName } from './caseMarkdown';
import { caseFigures } from './FiguresPanel';
import { formatRate, money } from './formatFigures';
import classes from './CaseSummary.module.css';

function downloadMarkdown(fields: CaseFields) {
  downloadFile(new Blob([caseMarkdown(fields)], { type: 'text/markdown;charset=utf-8' }), markdownFileName(fields.title));
}

type ExportKind = 'pdf' | 'docx';

async function downloadDocument(fields: CaseFields, kind: ExportKind) {
  const { caseDocument, caseFileName } = await import('./caseDocument');
  const doc = caseDocument(fields);
  const blob = kind === 'pdf' ? (await import('./casePdf')).casePdfBlob(doc) : await (await import('./caseDocx')).caseDocxBlob(doc);
  downloadFile(blob, caseFileName(fields.title, kind));
}

async function copyMarkdown(fields: CaseFields) {
  try {
    await navigator.clipboard.writeText(caseMarkdown(fields));
    notify({ topic: 'business-case-copy', kind: 'success', message: 'The summary is on your clipboard as Markdown.' });
  } catch {
    notify({ topic: 'business-case-copy', kind: 'error', title: 'Could not copy', message: 'Your browser did not allow copying. Use Download Markdown instead.' });
  }
}

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <section aria-label={title}>
    <Title order={2} size="h5" c="navy.9" mb={4}>{title}</Title>
    {children}
  </section>
);

const Paragraphs = ({ text, empty }: { text: string; empty: string }) =>
  text.trim() ? <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{text.trim()}</Text> : <Text size="sm" c="dimmed" fs="italic">{empty}</Text>;

export function CaseSummary({ fields, onEdit }: { fields: CaseFields; onEdit: () => void }) {
  const missing = missingParts(fields);
  const [making, setMaking] = useState<ExportKind | null>(null);
  const download = async (kind: ExportKind) => {
    setMaking(kind);
    try {
      await downloadDocument(fields, kind);
    } catch (error) {
      console.error('Could not make the business case file', error);
      notify({ topic: 'business-case-download', kind: 'error', title: 'Could not download', message: 'The file could not be made. Check your connection and try again, or use Print or Download Markdown.' });
    } finally {
      setMaking(null);
    }
  };
  const milestones = [...fields.milestones].sort((a, b) => a.month - b.month);
  return (
    <Stack gap="md" className={classes.page}>
      <Group justify="space-between" className={classes.noPrint} gap="xs">
        <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onEdit}>Edit</Button>
        <Group gap="xs">
          <Button variant="light" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>Print</Button>
          <Button variant="light" leftSection={<IconFileTypePdf size={16} />} loading={making === 'pdf'} disabled={making !== null && making !== 'pdf'} onClick={() => void download('pdf')}>Download PDF</Button>
          <Button variant="light" leftSection={<IconFileTypeDocx size={16} />} loading={making === 'docx'} disabled={making !== null && making !== 'docx'} onClick={() => void download('docx')}>Download Word</Button>
          <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => downloadMarkdown(fields)}>Download Markdown</Button>
          <Button variant="light" leftSection={<IconClipboard size={16} />} onClick={() => void copyMarkdown(fields)}>Copy Markdown</Button>
        </Group>
      </Group>
      {missing.length > 0 && (
        <Alert color="yellow" title="Still to complete" className={classes.noPrint}>
          <List size="sm">{missing.map((item) => <List.Item key={item}>{item}</List.Item>)}</List>
        </Alert>
      )}
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={1} size="h2" c="navy.9" style={{ overflowWrap: 'anywhere' }}>{fields.title}</Title>
            <Badge color={missing.length ? 'gray' : 'teal'} variant="light" style={{ flexShrink: 0 }}>{missing.length ? 'Draft' : 'Ready'}</Badge>
          </Group>
          <ResponsiveGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Section title="Problem"><Paragraphs text={fields.problem_statement} empty="Not described yet." /></Section>
            <Section title="Opportunity"><Paragraphs text={fields.opportunity} empty="Not described yet." /></Section>
          </ResponsiveGrid>
          <Section title="Proposed AI solution">
            {fields.source_use_case && <Text size="xs" c="dimmed">Based on the use case “{fields.source_use_case.title}”.</Text>}
            <Paragraphs text={fields.proposed_solution} empty="Not described yet." />
          </Section>
          <Section title="Financials (AUD)">
            <ResponsiveGrid cols={{ base: 2, sm: 5 }} spacing="xs" data-testid="summary-figures">
              {caseFigures(fields).map((figure) => (
                <Stack key={figure.id} gap={0} data-testid={`summary-${figure.id}`}>
                  <Text size="xs" c="dimmed">{figure.label}</Text>
                  <Text fw={700} c="navy.9">{figure.value}</Text>
                </Stack>
              ))}
            </ResponsiveGrid>
            <Text size="xs" c="dimmed" mt={4}>
              One-off {money(sumCents(fields.one_off_costs))}; running {money(sumCents(fields.running_costs))} a year; ramp-up {fields.ramp_up_percent.map(formatRate).join(' / ')}.
            </Text>
          </Section>
          {fields.stakeholders.length > 0 && (
            <Section title="Stakeholders">
              <List size="sm">
                {fields.stakeholders.map((s, index) => (
                  <List.Item key={index}><b>{s.name || 'Unnamed'}</b>{s.role && `, ${s.role}`}{s.interest && `: ${s.interest}`}</List.Item>
                ))}
              </List>
            </Section>
          )}
          {fields.risk_items.length > 0 && (
            <Section title="Risks and mitigations">
              <Table fz="sm" withTableBorder>
                <Table.Thead><Table.Tr><Table.Th>Risk</Table.Th><Table.Th>Mitigation</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {fields.risk_items.map((r, index) => <Table.Tr key={index}><Table.Td>{r.risk}</Table.Td><Table.Td>{r.mitigation}</Table.Td></Table.Tr>)}
                </Table.Tbody>
              </Table>
            </Section>
          )}
          {(milestones.length > 0 || fields.timeline.trim()) && (
            <Section title="Timeline and milestones">
              {fields.timeline.trim() && <Paragraphs text={fields.timeline} empty="" />}
              <List size="sm">{milestones.map((m, index) => <List.Item key={index}>Month {m.month}: {m.title}</List.Item>)}</List>
            </Section>
          )}
          {fields.expected_benefits.trim() && <Section title="Other benefits"><Paragraphs text={fields.expected_benefits} empty="" /></Section>}
          {fields.success_metrics.trim() && <Section title="Success metrics"><Paragraphs text={fields.success_metrics} empty="" /></Section>}
        </Stack>
      </Card>
    </Stack>
  );
}

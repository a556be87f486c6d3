// The big answer to the last scan or search: green "Checked in — {name}",
// red with the reason, amber when another device checked the same ticket in
// too ("Also scanned at … by …"). It follows the check-in as it syncs: a
// conflict found later, an undo, or the server's refusal show here at once.
// Large (most of a phone's screen) until the next name is typed; its words are
// read out by a live region that stays in the page, so each new answer is heard.
import { forwardRef } from 'react';
import { Badge, Box, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { CheckInRow } from '@/db';
import type { DoorView, ScanDecision } from './decideScan';
import { alsoScanned, decisionText, doorTime, type TextContext } from './decisionText';
import { clockNote, othersActive } from './checkInNotes';
import classes from './door.module.css';

export interface DoorResult {
  /** Counts results, so the same answer twice still shows as new. */
  seq: number;
  decision: ScanDecision;
  /** The check-in an admitted scan made. */
  checkInId?: string;
  /** That check-in as stored, shown until the page has read it (then the stored row, as it syncs, is shown). */
  checkIn?: CheckInRow;
}

const TONES = {
  // Shades white text reads on at 4.5:1 or more (WCAG AA for the smaller lines).
  green: { bg: 'teal.9', icon: IconCircleCheck },
  red: { bg: 'red.8', icon: IconCircleX },
  amber: { bg: 'orange.8', icon: IconAlertTriangle },
  grey: { bg: 'gray.7', icon: IconArrowBackUp },
} as const;

export interface ResultPanelProps {
  result: DoorResult | null;
  view: DoorView;
  checkIns: ReadonlyMap<string, CheckInRow>;
  context: TextContext;
  onUndo: (checkIn: CheckInRow) => void;
  /** Large (the search is empty, waiting for the next guest) or compact (the next name is being typed). */
  large: boolean;
}

/** The panel (once there is an answer) and the live region that reads every answer out. */
export const ResultPanel = forwardRef<HTMLDivElement, ResultPanelProps>(function ResultPanel(props, ref) {
  const shown = props.result ? answerOf(props) : null;
  return (
    // Without an answer the area draws nothing (its live region is hidden): the search comes right after the lines above.
    <Box ref={ref} className={classes.result} data-result-area style={shown ? undefined : { display: 'contents' }}>
      <VisuallyHidden role="status" aria-live="assertive" aria-atomic="true" data-door-announce>
        {shown ? [shown.title, shown.detail, shown.tone === 'amber' ? 'Conflict: checked in on two devices' : '', ...shown.notes].filter(Boolean).join('. ') : ''}
      </VisuallyHidden>
      {shown && <AnswerPanel {...props} result={props.result as DoorResult} shown={shown} />}
    </Box>
  );
});

interface Shown {
  tone: keyof typeof TONES;
  title: string;
  detail: string;
  notes: string[];
  checkIn: CheckInRow | undefined;
}

/** What the panel says: the decision's words, then what became of its check-in since (synced, undone, refused, a conflict). */
function answerOf({ result: given, view, checkIns, context }: ResultPanelProps): Shown {
  const result = given as DoorResult;
  const text = decisionText(result.decision, context);
  const checkIn = result.checkInId ? checkIns.get(result.checkInId) ?? result.checkIn : undefined;
  let tone: keyof typeof TONES = text.tone;
  let title = text.title;
  let detail = text.detail;
  const notes: string[] = [];
  if (checkIn) {
    const name = result.decision.attendee?.full_name ?? '';
    if (checkIn.refused) {
      tone = 'red';
      title = `Not checked in — ${name}`;
      detail = checkIn.refused;
    } else if (checkIn.undone_at) {
      tone = 'grey';
      title = `Check-in undone — ${name}`;
      detail = `Undone at ${doorTime(checkIn.undone_at, context.timeZone, context.today)}${checkIn.undone_device ? ` on ${checkIn.undone_device}` : ''}.`;
    } else {
      const others = othersActive(view, checkIn);
      if (others.length > 0) {
        tone = 'amber';
        notes.push(...others.map((other) => alsoScanned(other, context.timeZone, context.today)));
      }
      const clock = clockNote(checkIn, context.timeZone, context.today);
      if (clock) notes.push(clock);
    }
  }
  if (result.decision.kind === 'refuse' && result.decision.reason === 'already' && result.decision.checkIn) {
    const others = othersActive(view, result.decision.checkIn);
    notes.push(...others.map((other) => alsoScanned(other, context.timeZone, context.today)));
  }
  return { tone, title, detail, notes, checkIn };
}

function AnswerPanel({ result, onUndo, large, shown }: ResultPanelProps & { result: DoorResult; shown: Shown }) {
  const { tone, title, detail, notes, checkIn } = shown;
  const Icon = TONES[tone].icon;
  return (
    <Paper radius="md" p="lg" bg={TONES[tone].bg} c="white" data-result={tone} data-result-seq={result.seq} data-large={large || undefined} className={large ? classes.resultLarge : undefined}>
      <Stack gap={6}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Icon size={large ? 48 : 40} style={{ flexShrink: 0 }} aria-hidden />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} c="white" className={classes.resultName} data-result-title>{title}</Title>
            {detail && <Text c="white" fz="md">{detail}</Text>}
            {tone === 'amber' && <Badge color="white" c="orange.9" variant="filled" tt="none">Conflict: checked in on two devices</Badge>}
            {notes.map((note) => <Text key={note} c="white" fw={600}>{note}</Text>)}
            {checkIn?.pending === 1 && !checkIn.refused && <Text c="white" size="sm">Saved on this device · waiting to sync</Text>}
          </Stack>
        </Group>
        {checkIn && !checkIn.undone_at && !checkIn.refused && (
          <Group justify="flex-end">
            <Button variant="white" color="dark" leftSection={<IconArrowBackUp size={18} />} onClick={() => onUndo(checkIn)}>Undo check-in</Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

// What the portal says about when its tools and session materials open,
// from the masterclass's own unlock time. Where the unlock is exactly one hour
// before the start, the spec's words apply as they are; otherwise the portal
// names the time: 'Available from 9:00 am on Wednesday 16 December 2026'
// (in the masterclass's own zone, as every date of the event is said).
import { formatClockTime, formatWeekdayDate } from '@/lib/eventWhen';
import { parsePocketBaseDate } from '@/lib/pocketbaseDate';

export interface UnlockSource {
  portal_unlock_at: string;
  starts_at?: string;
  timezone?: string;
}

export interface UnlockWords {
  /** The disabled tool links' tooltip in the sidebar. */
  tooltip: string;
  /** The note on each locked tool card. */
  toolNote: string;
  /** The Session Materials card before the unlock. */
  materialsNote: string;
}

const HOUR_MS = 3_600_000;
const DEFAULT_ZONE = 'Australia/Adelaide';

/** The spec's texts, word for word. */
export const ONE_HOUR_WORDS: UnlockWords = {
  tooltip: 'Available one hour before the Masterclass',
  toolNote: 'This tool will be accessible on the day of the Masterclass and will remain available afterwards.',
  materialsNote: 'The session materials will be available here one hour before the Masterclass.',
};

/** Said when the unlock time cannot be read: nothing untrue about when. */
const UNKNOWN_WORDS: UnlockWords = {
  tooltip: 'Not available yet',
  toolNote: 'This tool is not open yet and will remain available once it opens.',
  materialsNote: 'The session materials will be available here once the portal opens.',
};

export function unlockWords(event: UnlockSource): UnlockWords {
  const unlock = parsePocketBaseDate(event.portal_unlock_at);
  if (Number.isNaN(unlock.getTime())) return UNKNOWN_WORDS;
  const zone = event.timezone || DEFAULT_ZONE;
  const start = event.starts_at ? parsePocketBaseDate(event.starts_at) : null;
  const oneHourBefore = start !== null && start.getTime() - unlock.getTime() === HOUR_MS;
  // 'On the day' only holds when the unlock falls on the start's own date.
  if (oneHourBefore && formatWeekdayDate(unlock, zone) === formatWeekdayDate(start, zone)) return ONE_HOUR_WORDS;
  const when = `${formatClockTime(unlock, zone)} on ${formatWeekdayDate(unlock, zone)}`;
  return {
    tooltip: oneHourBefore ? ONE_HOUR_WORDS.tooltip : `Available from ${when}`,
    toolNote: `This tool will be accessible from ${when} and will remain available afterwards.`,
    materialsNote: oneHourBefore ? ONE_HOUR_WORDS.materialsNote : `The session materials will be available here from ${when}.`,
  };
}

// What the door says beside a check-in: the other devices' check-ins of the
// same attendee (a conflict) and a device clock the server found wrong.
import type { CheckInRow } from '@/db';
import type { DoorView } from './decideScan';
import { doorTime } from './decisionText';

/** The attendee's other check-ins that are not undone (on any device): a conflict when there is one. */
export function othersActive(view: DoorView, checkIn: CheckInRow): CheckInRow[] {
  return (view.checkInsByAttendee.get(checkIn.attendee) ?? []).filter((other) => other.id !== checkIn.id && !other.undone_at);
}

function minutes(ms: number): string {
  const total = Math.round(Math.abs(ms) / 60_000);
  if (total < 60) return `${total} min`;
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** Said when the server found the device's clock more than five minutes off (its check-in is then ordered by receipt). */
export function clockNote(checkIn: CheckInRow, timeZone: string, today?: Date): string | null {
  if (!checkIn.clock_suspect) return null;
  // The offset is the server's clock minus the device's: positive = the device was behind.
  const direction = checkIn.device_clock_offset_ms > 0 ? 'behind' : 'ahead';
  return `${checkIn.device_name}'s clock was ${minutes(checkIn.device_clock_offset_ms)} ${direction}: this check-in counts from ${doorTime(checkIn.received_at, timeZone, today)}, when the server received it.`;
}

// One date and time typed in the event's own time zone: a day (typed as
// DD/MM/YYYY or picked from the calendar) and a time of day.
import { useId } from 'react';
import { Group, Input } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** "18/06/2025", "18-6-2025" or "18 June 2025" as that day; anything else is no day. */
export function parseDay(text: string): Date | null {
  const value = text.trim();
  let day: number;
  let month: number;
  let year: number;
  const numeric = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const named = /^(\d{1,2})\s+([A-Za-z]{3,})\.?\s+(\d{4})$/.exec(value);
  if (numeric) {
    [day, month, year] = [Number(numeric[1]), Number(numeric[2]), Number(numeric[3])];
  } else if (named) {
    const index = MONTHS.indexOf((named[2] ?? '').slice(0, 3).toLowerCase());
    if (index < 0) return null;
    [day, month, year] = [Number(named[1]), index + 1, Number(named[3])];
  } else {
    return null;
  }
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

export interface ZonedDateTimeInputProps {
  label: string;
  description?: string;
  day: Date | null;
  time: string;
  onDayChange: (day: Date | null) => void;
  onTimeChange: (time: string) => void;
  error?: React.ReactNode;
  required?: boolean;
  clearable?: boolean;
}

export function ZonedDateTimeInput({ label, description, day, time, onDayChange, onTimeChange, error, required, clearable }: ZonedDateTimeInputProps) {
  // The label goes to the date's box (each box is also named on its own: "Start date", "Start time").
  const id = useId();
  return (
    <Input.Wrapper id={id} label={label} description={description} error={error} required={required}>
      <Group gap="xs" wrap="nowrap" align="flex-start" mt={description ? 4 : 0}>
        <DateInput
          id={id}
          aria-label={`${label} date`}
          placeholder="DD/MM/YYYY"
          valueFormat="DD/MM/YYYY"
          dateParser={parseDay}
          value={day}
          onChange={onDayChange}
          clearable={clearable}
          error={Boolean(error)}
          popoverProps={{ withinPortal: true }}
          style={{ flex: 1, minWidth: 0 }}
        />
        <TimeInput
          aria-label={`${label} time`}
          value={time}
          onChange={(event) => onTimeChange(event.currentTarget.value)}
          error={Boolean(error)}
          w={116}
        />
      </Group>
    </Input.Wrapper>
  );
}

import { describe, expect, it } from 'vitest';
import { parseDay } from './ZonedDateTimeInput';

describe('parseDay', () => {
  it('reads Australian day-first dates and named months', () => {
    for (const text of ['18/06/2025', '18-6-2025', '18.06.2025', '18 June 2025', '18 Jun 2025']) {
      const day = parseDay(text);
      expect([day?.getFullYear(), day?.getMonth(), day?.getDate()], text).toEqual([2025, 5, 18]);
    }
  });

  it('refuses days that do not exist and other text', () => {
    for (const text of ['31/02/2026', '06/18/2025', '2025-06-18', 'soon', '18 Foo 2025', '']) expect(parseDay(text), text).toBeNull();
  });
});

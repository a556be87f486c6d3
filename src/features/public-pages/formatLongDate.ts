// Dates on the public pages read the Australian way: '22 November 2026'.
const longDate = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric' });

export function formatLongDate(date: Date): string {
  return longDate.format(date);
}

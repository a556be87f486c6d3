// PocketBase writes dates as 'YYYY-MM-DD HH:mm:ss.sssZ'; the space is not ISO
// everywhere, so every date the app reads from a record goes through here.
export function parsePocketBaseDate(value: string): Date {
  return new Date(value.trim().replace(' ', 'T'));
}

// Checks for route search values (validateSearch). Plain functions rather than
// a zod schema: route search validation ships with the first load of every
// page, and zod would add ~14 kB gzipped to it. A value that does not pass
// reads as missing.

/** The value when it is a string matching `pattern`, else undefined. */
export const matching = (value: unknown, pattern: RegExp): string | undefined =>
  typeof value === 'string' && pattern.test(value) ? value : undefined;

/** A PocketBase record id (up to 15 lowercase letters and digits), else undefined. */
export const recordId = (value: unknown): string | undefined => matching(value, /^[a-z0-9]{1,15}$/);

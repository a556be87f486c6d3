// Tracking keys from the spec: captured from any page's URL into browser
// storage, later copied onto registrations and attendees.
export const UTM_KEYS = ['utm_source', 'utm_medium'] as const;
export type UtmParams = Partial<Record<(typeof UTM_KEYS)[number], string>>;

export function captureUtmParams(search: string, storage: Storage = window.localStorage): void {
  const params = new URLSearchParams(search);
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim();
    if (value) storage.setItem(key, value.slice(0, 200));
  }
}

export function readUtmParams(storage: Storage = window.localStorage): UtmParams {
  const result: UtmParams = {};
  for (const key of UTM_KEYS) {
    const value = storage.getItem(key);
    if (value) result[key] = value;
  }
  return result;
}

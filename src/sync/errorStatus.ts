// The HTTP status of a failed request; 0 when the request never got an answer
// (offline, DNS, aborted), which is what PocketBase's SDK reports too.

export function errorStatus(error: unknown): number {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    return error.status;
  }
  return 0;
}

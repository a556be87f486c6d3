// The attendee's own data, through the server (pb_hooks/account-data.pb.js):
// the export as a file download, and deleting the account.
import { ClientResponseError } from 'pocketbase';
import { pb } from '@/lib/pocketbase';

export const CONFIRM_WORD = 'DELETE';

export class AccountDataFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Partial<Record<'confirmation' | 'password', string>> = {},
  ) {
    super(message);
  }
}

const OFFLINE = 'You are offline. Connect to the internet and try again.';
const UNEXPECTED = 'Something went wrong. Please try again.';

/** The file name the server gives (Content-Disposition), or a dated one. */
export function downloadName(header: string | null, today = new Date()): string {
  const match = /filename="([^"]+)"/.exec(header ?? '');
  return match?.[1] ?? `ai-champions-my-data-${today.toISOString().slice(0, 10)}.json`;
}

function describe(status: number, message: string | undefined): string {
  if (status === 401) return 'Your session has ended. Sign in again, then try once more.';
  return message?.trim() || UNEXPECTED;
}

/** GET /api/masterclass/account/export: the file's content and name. */
export async function fetchMyData(): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(pb.buildURL('/api/masterclass/account/export'), { headers: { Authorization: pb.authStore.token } });
  } catch {
    throw new AccountDataFailure(OFFLINE, 0);
  }
  if (!response.ok) {
    let message: string | undefined;
    try {
      message = ((await response.json()) as { message?: string }).message;
    } catch {
      // not JSON
    }
    throw new AccountDataFailure(describe(response.status, message), response.status);
  }
  return { blob: await response.blob(), fileName: downloadName(response.headers.get('Content-Disposition')) };
}

/** POST /api/masterclass/account/delete. Resolves once the account is gone. */
export async function deleteMyAccount(confirmation: string, password: string): Promise<void> {
  try {
    await pb.send('/api/masterclass/account/delete', { method: 'POST', body: { confirmation, password }, requestKey: null });
  } catch (error) {
    if (error instanceof ClientResponseError) {
      if (error.status === 0) throw new AccountDataFailure(OFFLINE, 0);
      const data = (error.response?.data ?? {}) as Record<string, { message?: string }>;
      const fields: AccountDataFailure['fields'] = {};
      if (data.confirmation?.message) fields.confirmation = data.confirmation.message;
      if (data.password?.message) fields.password = data.password.message;
      throw new AccountDataFailure(describe(error.status, error.response?.message as string | undefined), error.status, fields);
    }
    throw new AccountDataFailure(UNEXPECTED, 0);
  }
}

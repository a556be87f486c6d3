import { afterEach, describe, expect, it, vi } from 'vitest';
import { pb } from './pocketbase';

const RECORD = { id: 'user0000000001a', collectionId: '_pb_users_auth_', collectionName: 'users', email: 'ada@example.com', role: 'attendee' };

/** A 200 answer whose body is cut off after its status arrived, as when the connection drops mid-answer. */
function cutOffAnswer(): Response {
  const body = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"token":"ey'));
      controller.error(new TypeError('network error'));
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  pb.authStore.clear();
});

describe('the session store', () => {
  it('keeps the session when a refresh answer is cut off mid-way, and the refresh fails like a lost connection', async () => {
    pb.authStore.save('stored.token.value', RECORD as never);
    vi.stubGlobal('fetch', vi.fn(async () => cutOffAnswer()));
    const refresh = pb.collection('users').authRefresh();
    await expect(refresh).rejects.toMatchObject({ status: 0 });
    expect(pb.authStore.token).toBe('stored.token.value');
    expect(pb.authStore.record).toEqual(RECORD);
  });

  it('keeps no session from a sign-in whose answer was cut off', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => cutOffAnswer()));
    await expect(pb.collection('users').authWithPassword('ada@example.com', 'secret-password')).rejects.toMatchObject({ status: 0 });
    expect(pb.authStore.token).toBe('');
    expect(pb.authStore.record).toBeNull();
  });

  it('stores a whole answer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ token: 'new.token.value', record: RECORD })));
    await pb.collection('users').authWithPassword('ada@example.com', 'secret-password');
    expect(pb.authStore.token).toBe('new.token.value');
    expect(pb.authStore.record).toMatchObject({ id: RECORD.id, email: RECORD.email });
  });
});

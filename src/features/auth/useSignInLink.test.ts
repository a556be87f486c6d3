// An emailed sign-in link is used once however often the page asks, and a use that
// failed (offline, the server unreachable) is asked again when the link is opened again.
import { afterEach, describe, expect, it, vi } from 'vitest';

const signInWithLink = vi.fn();
vi.mock('./authApi', () => ({ signInWithLink: (link: unknown) => signInWithLink(link) }));

const { answerOnce } = await import('./useSignInLink');

afterEach(() => signInWithLink.mockReset());

describe('answerOnce', () => {
  it('sends one request for the same link while it is being used', async () => {
    let finish!: () => void;
    signInWithLink.mockReturnValueOnce(new Promise<void>((resolve) => { finish = resolve; }));
    const link = { id: 'otp1', code: 'CODE1' };
    const first = answerOnce(link);
    const second = answerOnce(link);
    finish();
    await Promise.all([first, second]);
    expect(signInWithLink).toHaveBeenCalledTimes(1);
  });

  it('asks the server again after a use that failed', async () => {
    const link = { id: 'otp2', code: 'CODE2' };
    signInWithLink.mockRejectedValueOnce(Object.assign(new Error('Failed to fetch'), { status: 0 }));
    await expect(answerOnce(link)).rejects.toThrow('Failed to fetch');
    signInWithLink.mockResolvedValueOnce(undefined);
    await expect(answerOnce(link)).resolves.toBeUndefined();
    expect(signInWithLink).toHaveBeenCalledTimes(2);
  });
});

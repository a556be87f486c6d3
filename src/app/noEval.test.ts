import { describe, expect, it, vi } from 'vitest';

describe('zod without eval', () => {
  it('makes and runs object schemas without ever calling the Function constructor', async () => {
    await import('./noEval');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const functionConstructor = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ name: z.string(), seats: z.number().int() });
    expect(schema.parse({ name: 'Ada', seats: 2 })).toEqual({ name: 'Ada', seats: 2 });
    expect(schema.safeParse({ name: 1 }).success).toBe(false);
    expect(functionConstructor).not.toHaveBeenCalled();
    functionConstructor.mockRestore();
  });
});

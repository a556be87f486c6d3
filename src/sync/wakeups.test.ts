import { describe, expect, it } from 'vitest';
import { domWakeups } from './wakeups';
import { syncHarness } from './testing/syncHarness';
import type { Wakeups } from './wakeups';

function fakePage() {
  const window = new EventTarget();
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  let tick: (() => void) | null = null;
  const timers = {
    setInterval: (callback: () => void) => { tick = callback; return 1; },
    clearInterval: () => { tick = null; },
  };
  return { window, document, timers, tick: () => tick?.() };
}

describe('sync wake-ups', () => {
  it('wakes on the page becoming visible and on every interval tick; not on hiding', () => {
    const page = fakePage();
    const wakeups = domWakeups({ window: page.window, document: page.document, ...page.timers }, 60_000);
    const reasons: string[] = [];
    const stop = wakeups.subscribe((reason) => reasons.push(reason));

    page.window.dispatchEvent(new Event('focus'));
    page.document.visibilityState = 'hidden';
    page.document.dispatchEvent(new Event('visibilitychange'));
    page.document.visibilityState = 'visible';
    page.document.dispatchEvent(new Event('visibilitychange'));
    page.tick();
    expect(reasons).toEqual(['visible', 'visible', 'interval']);

    stop();
    page.window.dispatchEvent(new Event('focus'));
    page.document.dispatchEvent(new Event('visibilitychange'));
    page.tick();
    expect(reasons).toHaveLength(3);
  });

  it('skips interval ticks while the page is hidden', () => {
    const page = fakePage();
    const reasons: string[] = [];
    domWakeups({ window: page.window, document: page.document, ...page.timers }, 60_000).subscribe((reason) => reasons.push(reason));
    page.document.visibilityState = 'hidden';
    page.tick();
    expect(reasons).toEqual([]);
  });

  it('runs a pass on every wake-up, so a queued change goes out when the page comes back', async () => {
    let wake: (reason: 'visible') => void = () => {};
    const wakeups: Wakeups = { subscribe: (callback) => { wake = callback; return () => {}; } };
    const { server, engine } = syncHarness({ wakeups });
    await engine.request();
    server.calls.length = 0;

    wake('visible');
    await engine.whenIdle();

    expect(server.calls[0]).toBe('verifySession');
    expect(server.calls.some((call) => call.startsWith('list'))).toBe(true);
  });
});

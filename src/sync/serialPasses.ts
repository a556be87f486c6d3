// Runs sync passes one at a time. Requests made during a pass (a change queued,
// a reconnect, the device back online) coalesce into ONE more pass after it:
// each could have new work, but none needs its own.

export interface SerialPasses {
  /** Resolves when the pass that covers this request is over; never rejects. */
  request(): Promise<void>;
  whenIdle(): Promise<void>;
  /** No new passes; resolves when the running one ends. */
  stop(): Promise<void>;
}

export function serialPasses(pass: () => Promise<void>): SerialPasses {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function loop(): Promise<void> {
    do {
      again = false;
      try {
        await pass();
      } catch (error) {
        // A storage failure outside the network steps: report it, keep the engine alive.
        console.error('Sync pass failed', error);
      }
    } while (again && !stopped);
  }

  return {
    request() {
      if (stopped) return running ?? Promise.resolve();
      if (running) {
        again = true;
        return running;
      }
      running = loop().finally(() => { running = null; });
      return running;
    },
    async whenIdle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}

// A proxy between the browser and PocketBase that misbehaves like venue
// Wi-Fi: of the API requests (the realtime stream aside), one in six never
// reaches the server, one in six reaches it but its answer is lost, one in
// six is held back a while, and the other half pass. Pages and assets pass
// untouched. Records which record writes the server actually applied. A test
// can also hold one chosen request at the proxy (`hold`): it has left the
// browser but not reached the server until the test releases it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AppliedWrite {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

/** A request kept at the proxy: `arrived` resolves once one matching request came; `release` sends it on to the server, whose status `answered` gives. */
export interface HeldRequest {
  arrived: Promise<AppliedWrite>;
  release(): void;
  answered: Promise<number>;
}

export interface FaultProxy {
  url: string;
  /** Writes (POST/PATCH/DELETE of records) the server answered 2xx, in the order it answered them. */
  applied: AppliedWrite[];
  /** How many API requests met each fault. */
  faults: { dropped: number; answerLost: number; delayed: number; passed: number };
  /** false: every request passes (the connection is good again). */
  setFaulty(faulty: boolean): void;
  /** Holds the next request for which `matches(method, path)` is true (no fault is applied to it). */
  hold(matches: (method: string, path: string) => boolean): HeldRequest;
  close(): Promise<void>;
}

const DELAY_MS = 1200;

/**
 * `target` serves everything; with `api`, the requests under /api/ (the realtime stream too) go to that
 * server instead, so a journey can fault, back up and restore a PocketBase of its own while the app's
 * pages still come from the shared one.
 */
export async function startFaultProxy(target: string, { api }: { api?: string } = {}): Promise<FaultProxy> {
  const pages = new URL(target);
  const apiServer = new URL(api ?? target);
  const applied: AppliedWrite[] = [];
  const faults = { dropped: 0, answerLost: 0, delayed: 0, passed: 0 };
  let faulty = true;
  let count = 0;
  const holds: {
    matches: (method: string, path: string) => boolean;
    arrive: (write: AppliedWrite) => void;
    released: Promise<void>;
    answer: (status: number) => void;
  }[] = [];

  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    const api = path.startsWith('/api/') && !path.startsWith('/api/realtime');
    const holdIndex = holds.findIndex((held) => held.matches(request.method ?? '', path));
    const held = holdIndex >= 0 ? holds.splice(holdIndex, 1)[0] : undefined;
    const fault = held ? 'hold' : faulty && api ? ['drop', 'pass', 'lose', 'pass', 'delay', 'pass'][count++ % 6] : 'pass';
    // A held request may be answered after its tab has gone.
    response.on('error', () => {});
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (fault === 'drop') {
        faults.dropped += 1;
        request.socket.destroy();
        return;
      }
      const body = Buffer.concat(chunks);
      const forward = () => {
        const upstream = path.startsWith('/api/') ? apiServer : pages;
        const outgoing = http.request({
          hostname: upstream.hostname, port: upstream.port, path, method: request.method,
          headers: { ...request.headers, host: upstream.host },
        }, (answer) => {
          held?.answer(answer.statusCode ?? 502);
          const isWrite = /^\/api\/collections\/[^/]+\/records/.test(path) && ['POST', 'PATCH', 'DELETE'].includes(request.method ?? '');
          if (isWrite && (answer.statusCode ?? 500) < 300) {
            let parsed: Record<string, unknown> = {};
            try {
              parsed = body.length ? (JSON.parse(body.toString()) as Record<string, unknown>) : {};
            } catch {
              parsed = {};
            }
            applied.push({ method: request.method ?? '', path: path.split('?')[0] ?? path, body: parsed });
          }
          if (fault === 'lose') {
            faults.answerLost += 1;
            answer.resume();
            answer.on('end', () => request.socket.destroy());
            return;
          }
          if (fault === 'pass' && faulty && api) faults.passed += 1;
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        });
        outgoing.on('error', () => request.socket.destroy());
        outgoing.end(body);
      };
      if (held) {
        let parsed: Record<string, unknown> = {};
        try {
          parsed = body.length ? (JSON.parse(body.toString()) as Record<string, unknown>) : {};
        } catch {
          parsed = {};
        }
        held.arrive({ method: request.method ?? '', path: path.split('?')[0] ?? path, body: parsed });
        void held.released.then(forward);
      } else if (fault === 'delay') {
        faults.delayed += 1;
        setTimeout(forward, DELAY_MS);
      } else forward();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    applied,
    faults,
    setFaulty(value) {
      faulty = value;
    },
    hold(matches) {
      let arrive: (write: AppliedWrite) => void = () => {};
      let release = () => {};
      let answer: (status: number) => void = () => {};
      const arrived = new Promise<AppliedWrite>((resolve) => { arrive = resolve; });
      const released = new Promise<void>((resolve) => { release = resolve; });
      const answered = new Promise<number>((resolve) => { answer = resolve; });
      holds.push({ matches, arrive, released, answer });
      return { arrived, release, answered };
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

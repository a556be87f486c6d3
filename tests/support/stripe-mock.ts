// stripe-mock (Stripe's official API mock, which validates every request
// against Stripe's OpenAPI spec) on a free port. `npm test` builds it from its
// Go module into the git-ignored .bin/ before any test starts; a file run by hand
// builds it there when missing (scripts/lib/test-tools.mjs). A small recording proxy sits in front
// of it so tests can see exactly what the server sent, make Stripe fail, and
// change what Stripe says about a checkout session (paid, amount, intent).
import { spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { freePort } from '../../scripts/lib/pocketbase-process.mjs';
import { ensureGoTool, goToolStartTimeoutMs } from '../../scripts/lib/test-tools.mjs';

export interface RecordedStripeRequest {
  method: string;
  /** Path with query string, e.g. `/v1/checkout/sessions`. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body (form-encoded for POSTs). */
  body: string;
  /** The body decoded as form fields (`line_items[0][quantity]` → '2'). */
  form: Record<string, string>;
  status: number;
}

/**
 * How long a suite's beforeAll that starts stripe-mock (and its PocketBase) may take on a loaded
 * machine; longer only when a file run by hand has to build stripe-mock first.
 */
export const STRIPE_MOCK_START_TIMEOUT_MS = goToolStartTimeoutMs('stripe-mock');

/** Which requests an injected answer applies to; every request when empty. */
export interface StripeRequestMatch {
  method?: string;
  /** Path without the query string: exact, or a pattern. */
  path?: string | RegExp;
}

export interface StripeMock {
  /** Base URL for STRIPE_API_BASE (the recording proxy). */
  url: string;
  requests: RecordedStripeRequest[];
  /**
   * The next request (the next matching one, with `options`) is answered with
   * this Stripe error instead of reaching stripe-mock; `code` is Stripe's
   * error code (e.g. `charge_already_refunded`).
   */
  failNext: (status: number, message: string, options?: StripeRequestMatch & { code?: string }) => void;
  /**
   * The next `GET /v1/checkout/sessions/{id}` answers stripe-mock's session
   * with these fields over it (and the requested id), e.g. as paid.
   */
  sessionNext: (fields: Record<string, unknown>) => void;
  stop: () => Promise<void>;
}

const SESSION_PATH = /^\/v1\/checkout\/sessions\/[^/]+$/;

function matches(match: StripeRequestMatch, method: string, pathOnly: string): boolean {
  if (match.method && match.method.toUpperCase() !== method) return false;
  if (typeof match.path === 'string') return match.path === pathOnly;
  if (match.path instanceof RegExp) return match.path.test(pathOnly);
  return true;
}

/** Removes and returns the first queued item matching the request. */
function takeFirst<T extends { match: StripeRequestMatch }>(queue: T[], method: string, pathOnly: string): T | undefined {
  const index = queue.findIndex((item) => matches(item.match, method, pathOnly));
  return index < 0 ? undefined : queue.splice(index, 1)[0];
}

async function waitUntilAnswering(url: string, isRunning: () => boolean, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (!isRunning()) throw new Error(`stripe-mock exited:\n${output()}`);
    try {
      const response = await fetch(`${url}/v1/balance`, { headers: { Authorization: 'Bearer sk_test_123' } });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`stripe-mock did not answer at ${url}:\n${output()}`);
}

export async function startStripeMock(): Promise<StripeMock> {
  const bin = ensureGoTool('stripe-mock');
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const child = spawn(bin, ['-http-addr', `127.0.0.1:${httpPort}`, '-https-addr', `127.0.0.1:${httpsPort}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => { output += chunk; });
  child.stderr.on('data', (chunk) => { output += chunk; });
  const mockUrl = `http://127.0.0.1:${httpPort}`;
  const stopMock = () => new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  try {
    await waitUntilAnswering(mockUrl, () => child.exitCode === null, () => output);
  } catch (error) {
    await stopMock();
    throw error;
  }

  const requests: RecordedStripeRequest[] = [];
  const failures: { match: StripeRequestMatch; status: number; message: string; code?: string }[] = [];
  const sessionPatches: { match: StripeRequestMatch; fields: Record<string, unknown> }[] = [];
  const proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedStripeRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body,
        form: Object.fromEntries(new URLSearchParams(body)),
        status: 0,
      };
      requests.push(recorded);
      const pathOnly = recorded.path.split('?')[0]!;
      const failure = takeFirst(failures, recorded.method, pathOnly);
      if (failure) {
        recorded.status = failure.status;
        res.writeHead(failure.status, { 'Content-Type': 'application/json' });
        const type = failure.status >= 500 ? 'api_error' : 'invalid_request_error';
        res.end(JSON.stringify({ error: { type, message: failure.message, ...(failure.code ? { code: failure.code } : {}) } }));
        return;
      }
      const sessionPatch = takeFirst(sessionPatches, recorded.method, pathOnly);
      const headers: Record<string, string> = {};
      for (const name of ['authorization', 'content-type', 'idempotency-key', 'stripe-version']) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const upstream = await fetch(`${mockUrl}${recorded.path}`, {
        method: recorded.method,
        headers,
        body: recorded.method === 'GET' || recorded.method === 'HEAD' ? undefined : body,
      });
      recorded.status = upstream.status;
      let answer = await upstream.text();
      if (sessionPatch && upstream.ok) {
        const id = decodeURIComponent(pathOnly.split('/').pop()!);
        answer = JSON.stringify({ ...JSON.parse(answer), ...sessionPatch.fields, id });
      }
      res.writeHead(upstream.status, { 'Content-Type': upstream.headers.get('content-type') ?? 'application/json' });
      res.end(answer);
    });
  });
  const proxyPort = await freePort();
  await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${proxyPort}`,
    requests,
    failNext: (status, message, { code, ...match } = {}) => { failures.push({ match, status, message, code }); },
    sessionNext: (fields) => { sessionPatches.push({ match: { method: 'GET', path: SESSION_PATH }, fields }); },
    stop: async () => {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await stopMock();
    },
  };
}

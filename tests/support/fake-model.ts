// A local OpenAI-compatible model server for the use case generator's tests:
// POST /v1/chat/completions answers as the test tells it (a good draft,
// garbage, an error, too slowly), records each request it got, and can be
// stopped and started again on the same port to play a model that is down.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FakeModelAnswer =
  | { kind: 'content'; content: string }
  | { kind: 'raw'; status: number; body: string }
  | { kind: 'slow'; delayMs: number; content: string };

export interface FakeModelRequest {
  authorization: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the chat completion request as sent
  body: any;
}

export interface FakeModel {
  /** The API base, as AI_API_URL takes it. */
  url: string;
  answer: FakeModelAnswer;
  requests: FakeModelRequest[];
  /** Stops listening and drops open connections: the model is down. */
  takeDown: () => Promise<void>;
  bringUp: () => Promise<void>;
  stop: () => Promise<void>;
}

export const completion = (content: string) => JSON.stringify({
  id: 'chatcmpl-test', object: 'chat.completion', model: 'fake',
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
});

export async function startFakeModel(): Promise<FakeModel> {
  const sockets = new Set<Socket>();
  const fake: FakeModel = {
    url: '',
    answer: { kind: 'raw', status: 500, body: 'no answer set' },
    requests: [],
    takeDown: () => close(),
    bringUp: () => listen(port),
    stop: () => close(),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = null;
      }
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      fake.requests.push({ authorization: String(request.headers.authorization ?? ''), body });
      const answer = fake.answer;
      const send = (status: number, text: string) => {
        if (!response.destroyed) response.writeHead(status, { 'content-type': 'application/json' }).end(text);
      };
      if (answer.kind === 'raw') send(answer.status, answer.body);
      else if (answer.kind === 'content') send(200, completion(answer.content));
      else setTimeout(() => send(200, completion(answer.content)), answer.delayMs);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const listen = (onPort: number) => new Promise<void>((resolve) => server.listen(onPort, '127.0.0.1', () => resolve()));
  const close = () => new Promise<void>((resolve) => {
    server.close(() => resolve());
    for (const socket of sockets) socket.destroy();
  });
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  fake.url = `http://127.0.0.1:${port}/v1`;
  return fake;
}

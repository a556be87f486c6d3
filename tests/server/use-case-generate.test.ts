// POST /api/masterclass/use-cases/generate against a real PocketBase and a
// local OpenAI-compatible model server: guests refused, bad requests answered
// with field messages, a good model answer passed on, and every kind of model
// failure (down, an error, garbage, not JSON, fields missing, too slow)
// answered with the device fallback and its reason; without a model, the
// template with no reason; the per-account limit; the administrators' status route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { startFakeModel, type FakeModel } from '../support/fake-model';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { createUser } from './helpers';

const ROUTE = '/api/masterclass/use-cases/generate';
const API_KEY = 'sk-test-model-key-never-shown';

const request = {
  industry: 'Healthcare',
  businessFunction: 'Emergency department operations',
  problem: 'Patient arrivals surge unpredictably and rosters cannot keep up.',
  dataAvailable: 'Five years of triage records',
};

const modelDraft = {
  title: 'Emergency Arrivals Forecasting',
  description: 'Forecasts hourly arrivals a week ahead.',
  industry: 'Healthcare',
  domain: 'Hospital Operations',
  business_function: 'Emergency department operations',
  problem_statement: 'Arrivals surge unpredictably.',
  value_proposition: 'Shorter waits and less overtime.',
  solution_summary: 'A forecasting model trained on triage records feeds the roster.',
  ai_technique: 'Time-Series Forecasting',
  model_type: 'Gradient-boosted trees',
  input_data_type: 'Triage records',
  output_type: 'Hourly forecasts',
  challenges_risks: 'Unprecedented events reduce accuracy.',
  tags: ['forecasting', ' rostering ', 'Forecasting'],
  adoption_level: 'growing',
};

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers are checked field by field
  body: any;
}

async function generate(server: TestServer, token: string | null, body: unknown): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.Authorization = token;
  const response = await fetch(`${server.url}${ROUTE}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

let model: FakeModel;
let withModel: TestServer;
let withoutModel: TestServer;
let su: PocketBase;

beforeAll(async () => {
  model = await startFakeModel();
  [withModel, withoutModel] = await Promise.all([
    startTestServer({ env: { AI_API_URL: model.url, AI_API_KEY: API_KEY, AI_API_TIMEOUT_SECONDS: '1', RATE_LIMIT_USE_CASE_DRAFTS: '3/600' } }),
    startTestServer({ env: { AI_API_URL: '', AI_API_KEY: '' } }),
  ]);
  su = await withModel.admin();
});

afterAll(async () => {
  await Promise.all([withModel?.stop(), withoutModel?.stop(), model?.stop()]);
});

async function signedIn(server: TestServer): Promise<string> {
  const user = await createUser(server, await server.admin(), 'attendee');
  return user.client.authStore.token;
}

describe('who may ask and what they must send', () => {
  it('refuses guests with 401', async () => {
    const answer = await generate(withModel, null, request);
    expect(answer.status).toBe(401);
    expect(model.requests).toHaveLength(0);
  });

  it('answers a malformed request with 400 and a message under each field, calling no model', async () => {
    const token = await signedIn(withModel);
    const empty = await generate(withModel, token, { industry: ' ', businessFunction: '', problem: 'too short', dataAvailable: 42, basedOn: 'x' });
    expect(empty.status).toBe(400);
    expect(empty.body.data).toEqual({
      industry: { code: 'required', message: 'Enter your industry' },
      businessFunction: { code: 'required', message: 'Enter the business function' },
      problem: { code: 'required', message: 'Describe the problem in at least 20 characters' },
      dataAvailable: { code: 'required', message: 'Describe the data you have available' },
      basedOn: { code: 'invalid', message: 'basedOn must be a list of at most 5 library use case ids.' },
    });
    const long = await generate(withModel, token, { ...request, problem: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.data.problem.message).toBe('Please keep this under 2000 characters');
    expect((await generate(withModel, token, 'not json')).status).toBe(400);
    expect(model.requests).toHaveLength(0);
  });

  it('without a configured model answers with the built-in template and no reason: attendees are told nothing about the settings', async () => {
    const answer = await generate(withoutModel, await signedIn(withoutModel), request);
    expect(answer).toEqual({ status: 200, body: { source: 'device' } });
  });
});

describe('the AI drafting status for administrators', () => {
  const STATUS_ROUTE = '/api/masterclass/admin/use-case-model';
  async function status(server: TestServer, token: string | null): Promise<Answer> {
    const response = await fetch(`${server.url}${STATUS_ROUTE}`, { headers: token ? { Authorization: token } : {} });
    return { status: response.status, body: await response.json() };
  }

  it('tells an administrator whether a model is configured and its name, never its address or key', async () => {
    const admin = await createUser(withModel, su, 'administrator');
    const answer = await status(withModel, admin.client.authStore.token);
    expect(answer).toEqual({ status: 200, body: { configured: true, model: 'gpt-4o-mini' } });
    expect(JSON.stringify(answer.body)).not.toContain(API_KEY);
    expect(JSON.stringify(answer.body)).not.toContain(model.url);
    const without = await createUser(withoutModel, await withoutModel.admin(), 'administrator');
    expect(await status(withoutModel, without.client.authStore.token)).toEqual({ status: 200, body: { configured: false } });
  });

  it('refuses attendees (403) and guests (401)', async () => {
    const attendee = await status(withModel, await signedIn(withModel));
    expect(attendee.status).toBe(403);
    expect(attendee.body.message).toBe('Only administrators can see the AI drafting settings.');
    expect((await status(withModel, null)).status).toBe(401);
  });
});

describe('with a model configured', () => {
  it('passes on a complete model draft, cleaned, with the library cases it was given', async () => {
    const examples = await su.collection('ai_use_cases').getList(1, 2, { filter: 'industry = "Healthcare"', sort: 'title' });
    const basedOn = examples.items.map((row) => row.id);
    model.answer = { kind: 'content', content: `\`\`\`json\n${JSON.stringify(modelDraft)}\n\`\`\`` };
    const before = model.requests.length;
    const answer = await generate(withModel, await signedIn(withModel), { ...request, basedOn: [...basedOn, 'zzzzzzzzzzzzzzz'] });

    expect(answer.status).toBe(200);
    expect(answer.body.source).toBe('model');
    expect(answer.body.draft).toEqual({ ...modelDraft, tags: ['forecasting', 'rostering'], adoption_level: 'Growing' });
    expect(answer.body.basedOn).toEqual(examples.items.map((row) => ({ id: row.id, title: row.title })));
    expect(JSON.stringify(answer.body)).not.toContain(API_KEY);

    const sent = model.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent[0]?.body.response_format).toEqual({ type: 'json_object' });
    const prompt = JSON.stringify(sent[0]?.body.messages);
    expect(prompt).toContain(request.problem);
    for (const row of examples.items) expect(prompt).toContain(row.title as string);
  });

  const SLOW_MODEL_MS = 8000;
  const failures: [string, () => FakeModel['answer'], RegExp][] = [
    ['answers with an error status', () => ({ kind: 'raw', status: 500, body: '{"error":{"message":"overloaded"}}' }), /^The AI model answered with an error\.$/],
    ['answers garbage instead of a completion', () => ({ kind: 'raw', status: 200, body: '<html>gateway</html>' }), /^The AI model's answer was not valid JSON\.$/],
    ['writes prose instead of JSON', () => ({ kind: 'content', content: 'Sure! Here is a great use case for you.' }), /^The AI model's answer was not valid JSON\.$/],
    ['answers a JSON list', () => ({ kind: 'content', content: '[1,2,3]' }), /^The AI model's answer was not valid JSON\.$/],
    [
      'misses fields or fills them wrongly',
      () => ({ kind: 'content', content: JSON.stringify({ ...modelDraft, title: '', solution_summary: undefined, tags: [], adoption_level: 'Everywhere', model_type: 7 }) }),
      /^The AI model's answer was missing or had invalid fields: title, solution_summary, model_type, tags, adoption_level\.$/,
    ],
    ['is slower than the timeout', () => ({ kind: 'slow', delayMs: SLOW_MODEL_MS, content: JSON.stringify(modelDraft) }), /^The AI model did not answer in time\.$/],
  ];

  for (const [when, answer, reason] of failures) {
    it(`falls back to the device when the model ${when}`, async () => {
      model.answer = answer();
      const started = Date.now();
      const result = await generate(withModel, await signedIn(withModel), request);
      expect(result.status).toBe(200);
      expect(result.body.source).toBe('device');
      expect(result.body.reason).toMatch(reason);
      expect(result.body.draft).toBeUndefined();
      // The route gave up at its 1 s timeout instead of waiting for the slow model's answer.
      if (when === 'is slower than the timeout') expect(Date.now() - started).toBeLessThan(SLOW_MODEL_MS);
    });
  }

  it('falls back to the device when the model server is down', async () => {
    await model.takeDown();
    try {
      const result = await generate(withModel, await signedIn(withModel), request);
      expect(result).toEqual({ status: 200, body: { source: 'device', reason: 'The AI model could not be reached.' } });
    } finally {
      await model.bringUp();
    }
  });

  it('limits model drafts per account: 429 after the allowance, other accounts unaffected', async () => {
    model.answer = { kind: 'content', content: JSON.stringify(modelDraft) };
    const token = await signedIn(withModel);
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await generate(withModel, token, request)).body.source).toBe('model');
    const before = model.requests.length;
    const refused = await generate(withModel, token, request);
    expect(refused.status).toBe(429);
    expect(refused.body.data.rate.code).toBe('rate_limited');
    expect(model.requests.length).toBe(before);
    expect((await generate(withModel, await signedIn(withModel), request)).body.source).toBe('model');
  });

  it('logs why a model draft was not used, never the API key', async () => {
    // PocketBase writes its logs in batches: wait for the one about the unreachable model itself.
    const unreachable = 'message = "Use case model draft not used" && data.reason = "The AI model could not be reached."';
    await expect.poll(async () => (await su.logs.getList(1, 1, { filter: unreachable })).totalItems, { timeout: 15_000 }).toBeGreaterThan(0);
    const logs = await su.logs.getList(1, 500);
    expect(JSON.stringify(logs.items)).not.toContain(API_KEY);
  });
});

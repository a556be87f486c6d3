import { describe, expect, it } from 'vitest';
import { askModel, DEVICE_REASONS, parseGenerateAnswer, type ModelDeps } from './modelDraft';
import type { DraftRequest, UseCaseDraft } from './draftSchema';

const draft: UseCaseDraft = {
  title: 'Emergency Arrivals Forecasting',
  description: 'Forecasts hourly arrivals a week ahead.',
  industry: 'Healthcare',
  domain: 'Hospital Operations',
  business_function: 'Emergency department',
  problem_statement: 'Arrivals surge unpredictably.',
  value_proposition: 'Shorter waits.',
  solution_summary: 'A forecasting model feeds the roster.',
  ai_technique: 'Time-Series Forecasting',
  model_type: 'Gradient-boosted trees',
  input_data_type: 'Triage records',
  output_type: 'Hourly forecasts',
  challenges_risks: 'Unprecedented events.',
  tags: ['forecasting'],
  adoption_level: 'Growing',
};

const request: DraftRequest = {
  industry: 'Healthcare',
  businessFunction: 'Emergency department',
  problem: 'Patient arrivals surge unpredictably.',
  dataAvailable: 'Triage records',
};
const basedOn = [{ id: 'abcdefghij12345', title: 'Emergency Department Demand Forecasting' }];

describe('parseGenerateAnswer', () => {
  it('takes a complete model draft and the cases it was based on', () => {
    expect(parseGenerateAnswer({ source: 'model', draft, basedOn })).toEqual({ source: 'model', draft, basedOn });
    expect(parseGenerateAnswer({ source: 'model', draft: { ...draft, title: '  Padded  ' } })).toEqual({ source: 'model', draft: { ...draft, title: 'Padded' } });
  });

  it('drafts on the device when the model draft misses or breaks a field', () => {
    const missing: Partial<UseCaseDraft> = { ...draft };
    delete missing.solution_summary;
    for (const broken of [missing, { ...draft, tags: [] }, { ...draft, adoption_level: 'Everywhere' }, { ...draft, title: 'x'.repeat(201) }, { ...draft, model_type: 7 }, null]) {
      expect(parseGenerateAnswer({ source: 'model', draft: broken })).toEqual({ source: 'device', reason: DEVICE_REASONS.modelIncomplete });
    }
  });

  it('a server without a model: the built-in template, with no reason to show', () => {
    expect(parseGenerateAnswer({ source: 'device' })).toEqual({ source: 'device' });
  });

  it('passes on the server\'s reason, and reads anything else as unreadable', () => {
    expect(parseGenerateAnswer({ source: 'device', reason: 'The AI model did not answer in time.' })).toEqual({ source: 'device', reason: 'The AI model did not answer in time.' });
    for (const garbage of [undefined, 'text', [], {}, { source: 'device', reason: '' }, { source: 'elsewhere', draft }, { source: 'device', reason: 'x'.repeat(301) }]) {
      expect(parseGenerateAnswer(garbage)).toEqual({ source: 'device', reason: DEVICE_REASONS.unreadable });
    }
  });

  it('keeps a model draft whose based-on list is malformed, without the list', () => {
    expect(parseGenerateAnswer({ source: 'model', draft, basedOn: [{ id: '../etc', title: 'x' }] })).toEqual({ source: 'model', draft });
  });
});

function deps(overrides: Partial<ModelDeps> & { answer?: () => Promise<Response> } = {}): ModelDeps & { calls: RequestInit[] } {
  const calls: RequestInit[] = [];
  return {
    online: () => true,
    token: () => 'token-1',
    url: 'http://server.test/api/masterclass/use-cases/generate',
    timeoutMs: 1000,
    fetch: (async (_url: string, init: RequestInit) => {
      calls.push(init);
      return overrides.answer ? overrides.answer() : new Response(JSON.stringify({ source: 'model', draft, basedOn }), { status: 200 });
    }) as typeof fetch,
    ...overrides,
    calls,
  };
}

describe('askModel', () => {
  it('sends the request and the ids of the closest cases, signed in', async () => {
    const d = deps();
    expect(await askModel(request, basedOn, d)).toEqual({ source: 'model', draft, basedOn });
    expect(d.calls).toHaveLength(1);
    expect(JSON.parse(String(d.calls[0]?.body))).toEqual({ ...request, basedOn: ['abcdefghij12345'] });
    expect((d.calls[0]?.headers as Record<string, string>).Authorization).toBe('token-1');
  });

  it('does not ask when offline or signed out', async () => {
    const offline = deps({ online: () => false });
    expect(await askModel(request, basedOn, offline)).toEqual({ source: 'device', reason: DEVICE_REASONS.offline });
    const signedOut = deps({ token: () => '' });
    expect(await askModel(request, basedOn, signedOut)).toEqual({ source: 'device', reason: DEVICE_REASONS.signedOut });
    expect([...offline.calls, ...signedOut.calls]).toHaveLength(0);
  });

  it('turns every failure into a reason to draft on the device', async () => {
    const json = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status });
    const cases: [() => Promise<Response>, string][] = [
      [json(429, { status: 429, message: 'Too many attempts. Please wait 10 minutes and try again.' }), DEVICE_REASONS.tooMany],
      [json(400, { status: 400, message: 'Describe the problem in at least 20 characters', data: {} }), 'Describe the problem in at least 20 characters'],
      [json(401, { message: 'The request requires valid record authorization token.' }), DEVICE_REASONS.sessionExpired],
      [json(500, { message: 'boom' }), DEVICE_REASONS.serverError],
      [async () => new Response('<html>proxy error</html>', { status: 200 }), DEVICE_REASONS.unreadable],
      [async () => Promise.reject(new TypeError('Failed to fetch')), DEVICE_REASONS.unreachable],
    ];
    for (const [answer, reason] of cases) expect(await askModel(request, basedOn, deps({ answer }))).toEqual({ source: 'device', reason });
  });

  it('gives up after its timeout', async () => {
    const hanging = deps({
      timeoutMs: 20,
      fetch: ((_url: string, init: RequestInit) => new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as typeof fetch,
    });
    expect(await askModel(request, basedOn, hanging)).toEqual({ source: 'device', reason: DEVICE_REASONS.timeout });
  });
});

import MiniSearch from 'minisearch';
import { describe, expect, it, vi } from 'vitest';
import type { AiUseCaseRow } from '@/db';
import { buildIndexOffThread, type WorkerFactory } from './buildIndexOffThread';
import { INDEX_OPTIONS } from './indexOptions';
import { buildIndexState } from './indexState';
import { UseCaseIndex } from './searchIndex';
import { libraryRow } from './testRows';

const rows: AiUseCaseRow[] = Array.from({ length: 60 }, (_, index) => libraryRow(`case${String(index).padStart(11, '0')}`, {
  title: ['Demand Forecasting', 'Card Fraud Detection', 'Customer Service Chatbot', 'Shelf Gap Detection'][index % 4]! + ` ${index}`,
  description: index % 3 ? 'Predicts the hourly arrivals of patients and the stock of fresh produce.' : '',
  industry: ['Retail', 'Healthcare', 'Financial Services'][index % 3],
  tags: [['forecasting'], ['fraud', 'payments'], 'not a list'][index % 3],
}));

/** A worker run here: what goes in and comes out is copied as postMessage copies it. */
const inProcessWorker = (): WorkerFactory => () => {
  const worker = {
    onmessage: null as ((event: MessageEvent) => void) | null,
    onerror: null,
    onmessageerror: null,
    terminated: false,
    postMessage(request: { type: 'build'; rows: AiUseCaseRow[] }) {
      const built = buildIndexState(structuredClone(request.rows));
      setTimeout(() => {
        worker.onmessage?.({ data: structuredClone({ type: 'built', ...built }) } as MessageEvent);
        worker.onmessage?.({ data: { type: 'kept' } } as MessageEvent);
      });
    },
    terminate() {
      worker.terminated = true;
    },
  };
  return worker as unknown as Worker;
};

describe('building the index off the main thread', () => {
  it('hands back the index MiniSearch builds, searched alike', async () => {
    const built = await buildIndexOffThread(rows, inProcessWorker());
    const stock = new MiniSearch(INDEX_OPTIONS);
    stock.addAll(rows);
    expect(built?.index.toJSON()).toEqual(stock.toJSON());
    for (const query of ['forec', 'fraud detection', 'custmer', 'retail shelf']) {
      expect(built?.index.search(query)).toEqual(stock.search(query));
    }
    expect(built?.buildMs).toBeGreaterThanOrEqual(0);
  });

  it('becomes the library index, kept in step afterwards: a changed row replaced, a gone one discarded, a new one added', async () => {
    const index = new UseCaseIndex(inProcessWorker());
    await index.buildAway(rows);
    expect(index.size).toBe(rows.length);
    expect(index.search('shelf')?.ids).toHaveLength(15);
    const [first, second, ...rest] = rows;
    index.sync([
      { ...first!, title: 'Rostering Assistant', updated: '2025-06-02 00:00:00.000Z' },
      ...rest,
      libraryRow('chatbot0000001', { title: 'Citizen Enquiry Chatbot' }),
    ]);
    expect(index.search('rostering')?.ids).toEqual([first!.id]);
    expect(index.search('chatbot')?.ids).toContain('chatbot0000001');
    expect(index.search('fraud')?.ids).not.toContain(second!.id);
    expect(index.size).toBe(rows.length);
  });

  it('is built on the page where no worker runs', async () => {
    const index = new UseCaseIndex();
    await index.buildAway(rows);
    expect(index.search('shelf')?.ids).toHaveLength(15);
  });

  it('answers null when the worker fails, and ends it', async () => {
    let ended = false;
    const worker = {
      onmessage: null,
      onerror: null as ((event: ErrorEvent) => void) | null,
      onmessageerror: null,
      postMessage() {
        setTimeout(() => worker.onerror?.({ message: 'boom' } as ErrorEvent));
      },
      terminate() {
        ended = true;
      },
    };
    const failing: WorkerFactory = () => worker as unknown as Worker;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await buildIndexOffThread(rows, failing)).toBeNull();
    expect(ended).toBe(true);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

// Builds the library's search index off the page's main thread: the page
// posts the indexed fields of every use case and receives the index as plain
// data (see buildIndexOffThread).
import type { AiUseCaseRow } from '@/db';
import { buildIndexState } from './indexState';

self.onmessage = (event: MessageEvent<AiUseCaseRow[]>) => self.postMessage(buildIndexState(event.data));

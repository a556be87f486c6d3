// What the app's entry (src/main.tsx) needs to start, loaded by it as one module
// once the libraries under it have run, each in a task of its own.
export { App } from './App';
export { loadFullStyles } from './deferred';
export { isPrerenderedLocation } from './prerendered';
export { createAppRouter } from '@/router';

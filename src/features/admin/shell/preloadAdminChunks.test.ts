import type { AnyRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { loadChunksInTurn } from './preloadAdminChunks';

/** A router whose routes record which chunks were asked for. */
function fakeRouter(failing: string[] = []) {
  const asked: string[] = [];
  const routesById = Object.fromEntries(['/admin/', '/admin/attendees', '/admin/check-in'].map((id) => [id, { id }]));
  const router = {
    routesById,
    loadRouteChunk: (route: { id: string }) => {
      asked.push(route.id);
      return failing.includes(route.id) ? Promise.reject(new Error('Failed to fetch dynamically imported module')) : Promise.resolve();
    },
  } as unknown as AnyRouter;
  return { router, asked };
}

describe('loading the admin screens’ chunks in turn', () => {
  const ids = ['/admin/', '/admin/attendees', '/admin/check-in', '/admin/not-a-route'];

  it('asks for each route’s chunk in order, past one that fails', async () => {
    const { router, asked } = fakeRouter(['/admin/attendees']);
    await loadChunksInTurn(router, ids, () => false, () => true);
    expect(asked).toEqual(['/admin/', '/admin/attendees', '/admin/check-in']);
  });

  it('asks for nothing while offline, and stops when the connection goes', async () => {
    const offline = fakeRouter();
    await loadChunksInTurn(offline.router, ids, () => false, () => false);
    expect(offline.asked).toEqual([]);
    let online = true;
    const dropping = fakeRouter();
    const original = dropping.router.loadRouteChunk;
    (dropping.router as { loadRouteChunk: unknown }).loadRouteChunk = (route: never) => {
      online = false;
      return original(route);
    };
    await loadChunksInTurn(dropping.router, ids, () => false, () => online);
    expect(dropping.asked).toEqual(['/admin/']);
  });

  it('stops when cancelled', async () => {
    const { router, asked } = fakeRouter();
    await loadChunksInTurn(router, ids, () => asked.length >= 2, () => true);
    expect(asked).toEqual(['/admin/', '/admin/attendees']);
  });
});

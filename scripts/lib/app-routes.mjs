// Vite plugin: writes routes.json, the app's route paths as the router's
// generated route tree lists them ('/register', '/admin/$', …), so the server
// can answer a path that is no page of the app with HTTP 404 (pocketbase/static.go)
// while the shell still shows the app's own not-found page.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const APP_ROUTES_FILE = 'routes.json';

/** The full paths in src/routeTree.gen.ts's FileRoutesByFullPath. */
export function routePathsFromRouteTree(source) {
  const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(source);
  if (!block) throw new Error('routeTree.gen.ts has no FileRoutesByFullPath: run the router generator first');
  const paths = [...block[1].matchAll(/^\s*'([^']+)':/gm)].map((match) => match[1]);
  if (!paths.includes('/')) throw new Error('routeTree.gen.ts lists no "/" route');
  return [...new Set(paths)].sort();
}

export function appRoutes({ routeTree = 'src/routeTree.gen.ts' } = {}) {
  let root;
  return {
    name: 'masterclass:app-routes',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      root = resolved.root;
    },
    generateBundle() {
      const source = readFileSync(path.join(root, routeTree), 'utf8');
      this.emitFile({ type: 'asset', fileName: APP_ROUTES_FILE, source: `${JSON.stringify(routePathsFromRouteTree(source), null, 2)}\n` });
    },
  };
}

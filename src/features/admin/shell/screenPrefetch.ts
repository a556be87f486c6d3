// The hook between the admin route's beforeLoad (src/routes/admin/route.tsx,
// in the app's first chunks) and adminPrefetch.ts (in the admin area's): once
// the admin shell has loaded, it registers the prefetch here, and a press on a
// navbar link starts the screen's reads at once, in the same task, before the
// screen renders. Before that (the area's first load) the route imports it.
type Prefetch = (pathname: string, search: Record<string, unknown>, preload: boolean) => void;

let registered: Prefetch | null = null;

export function registerScreenPrefetch(prefetch: Prefetch): void {
  registered = prefetch;
}

export function prefetchScreen(pathname: string, search: Record<string, unknown>, preload: boolean): void {
  if (registered) {
    registered(pathname, search, preload);
    return;
  }
  void import('./adminPrefetch').then(
    ({ prefetchAdminScreen }) => prefetchAdminScreen(pathname, search, preload),
    () => undefined, // the screen asks for itself
  );
}

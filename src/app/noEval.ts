// The pages run under a Content-Security-Policy without 'unsafe-eval'
// (pocketbase/headers.go). zod compiles object parsers with `new Function` when
// it can, and finds out by trying once: under that policy the try is refused
// and reported as a violation even though zod recovers. Its `jitless` setting
// skips the try. It is read when a schema is made, so it is set here, first
// thing in src/main.tsx, through the global zod keeps its settings in
// (`globalThis.__zod_globalConfig`, what `z.config()` writes): importing zod
// here would bring it into the landing page's first load, which has no forms.
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };

export function disableZodEval(scope: ZodGlobal = globalThis) {
  scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
}

disableZodEval();

/**
 * Zod's parsers never compile code here. Zod 4 probes once for `new Function` to decide whether to compile
 * a fast parser for each object schema; the app's Content-Security-Policy forbids it, and although zod
 * catches the refusal, Chromium reports every such attempt as a CSP violation (Lighthouse's
 * `inspector-issues`). Zod takes its configuration from this global (zod/v4/core/core.js) and reads it when
 * a schema is built, so it is set here, from the entry, before any file that builds a schema loads;
 * zod-jitless.test.ts fails if zod stops reading it.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// Changed in place: a zod already loaded keeps a reference to the object.
(scope.__zod_globalConfig ??= {}).jitless = true;

import { z } from "zod";

/**
 * zod for the modules the browser loads (the wizard's and the profile's rules). The site's
 * Content-Security-Policy has no 'unsafe-eval', and zod's object parser, unless told otherwise,
 * tries `new Function` once to see whether it may compile a fast path: the browser refuses it and
 * reports a CSP violation on every page that builds a schema (Lighthouse's "best practices" lost
 * 4 points on /publish for it). Without the attempt zod parses as it does when eval is refused.
 * Only in the browser: `z.config` is global, and the server keeps zod's compiled fast path.
 * This module's body runs before any module that imports `z` from here builds a schema.
 */
z.config({ jitless: typeof document !== "undefined" });

export { z };

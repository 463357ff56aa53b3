// The sitemap build worker's entry, plain JavaScript so that Node starts it however the parent
// was started (`tsx server/main.ts`, Vitest, a script): tsx then loads the TypeScript worker in
// this thread only.
import { tsImport } from "tsx/esm/api";

await tsImport("./sitemap-build.worker.ts", import.meta.url);

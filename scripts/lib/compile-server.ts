// The compiled server (decision 0037): server/main.ts, server/worker.ts and the two worker
// threads bundled by esbuild into build/node/*.mjs, so that production runs `node
// build/node/main.mjs` — one process an init system can signal, no TypeScript compiled at start.
// Packages stay external (node_modules), so sharp, pg, PGlite… load as they do under tsx.
import path from "node:path";
import { build } from "esbuild";

export async function compileServer(root: string): Promise<{ files: number; ms: number }> {
  const t0 = performance.now();
  const result = await build({
    absWorkingDir: root,
    entryPoints: [
      { in: "server/main.ts", out: "main" },
      { in: "server/worker.ts", out: "worker" },
      // Loaded by `new Worker(new URL("./<name>.worker-entry.mjs", import.meta.url))`: beside main.mjs.
      { in: "app/features/listings/sitemap-build.worker.ts", out: "sitemap-build.worker-entry" },
      { in: "app/features/pricing/market-fit.worker.ts", out: "market-fit.worker-entry" },
    ],
    outdir: path.join(root, "build", "node"),
    outExtension: { ".js": ".mjs" },
    bundle: true,
    // No shared chunks: code that finds a worker thread's entry with `new URL("./…",
    // import.meta.url)` must sit in a file of build/node itself.
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    sourcemap: "linked",
    // ESM has no `require`: a CommonJS dependency bundled by mistake would need it.
    banner: {
      js: 'import { createRequire as __occazioCreateRequire } from "node:module"; const require = __occazioCreateRequire(import.meta.url);',
    },
    logLevel: "warning",
    metafile: true,
  });
  return { files: Object.keys(result.metafile.outputs).length, ms: Math.round(performance.now() - t0) };
}

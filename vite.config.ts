import fs from "node:fs";
import path from "node:path";
import mdx from "@mdx-js/rollup";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Writes `build/client-chunks.json`: for every JavaScript chunk of the browser build, the source
 * modules in it and how many bytes each contributes. `scripts/bundle-budget.ts` reads it to name
 * the module that pushes a page over its budget (decision 0021). Kept out of build/client so it
 * is never served.
 */
function chunkReport(): Plugin {
  return {
    name: "occazio-chunk-report",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(outputOptions, bundle) {
      const chunks: Record<string, { modules: Record<string, number> }> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const modules: Record<string, number> = {};
        for (const [id, info] of Object.entries(output.modules)) {
          modules[path.relative(process.cwd(), id.replace(/\0/g, "")) || id] = info.renderedLength;
        }
        chunks[output.fileName] = { modules };
      }
      const outDir = outputOptions.dir ?? "build/client";
      fs.mkdirSync(path.dirname(outDir), { recursive: true });
      fs.writeFileSync(path.join(outDir, "..", "client-chunks.json"), JSON.stringify(chunks, null, 1));
    },
  };
}

export default defineConfig({
  // Legal and help texts are MDX content files (app/features/legal/content, decision 0022),
  // compiled to components here so that nothing is parsed per request.
  plugins: [tailwindcss(), { enforce: "pre", ...mdx() }, reactRouter(), chunkReport()],
  resolve: { tsconfigPaths: true },
  server: { hmr: { port: 24678 } },
});

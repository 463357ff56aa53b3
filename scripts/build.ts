// `npm run build`: the production bundle (react-router build), the compiled server (build/node,
// decision 0037), then its static files compressed
// once (Brotli + gzip beside each file), then the stamp that lets `npm start` skip the next
// build while the sources stay the same (scripts/lib/build-stamp.ts). The old stamp is deleted
// first: a failed build leaves none, so the next `npm start` rebuilds.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { stampedBuild } from "./lib/build-stamp";
import { compileServer } from "./lib/compile-server";
import { compressDirectory } from "./lib/compress-assets";

const ROOT = path.resolve(import.meta.dirname, "..");
await stampedBuild(ROOT, async () => {
  const build = spawnSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);

  const server = await compileServer(ROOT);
  console.log(`Serveur compilé : build/node (${server.files} fichiers) en ${server.ms} ms`);

  const t0 = performance.now();
  const report = await compressDirectory(path.join(ROOT, "build", "client"));
  const kib = (n: number) => `${(n / 1024).toFixed(0)} Kio`;
  console.log(
    `Fichiers statiques compressés : ${report.files} fichiers, ${kib(report.bytes)} → ${kib(report.brotliBytes)} (br), ` +
      `${kib(report.gzipBytes)} (gzip) en ${Math.round(performance.now() - t0)} ms`,
  );
});

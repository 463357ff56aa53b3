// `npm start`: builds only when build/ does not match the sources (stamp written by
// `npm run build`, scripts/lib/build-stamp.ts), then package.json hands over to the production
// server. `npm run serve` starts the server on the existing build without this check.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { ensureBuild } from "./lib/build-stamp";

const ROOT = path.resolve(import.meta.dirname, "..");
ensureBuild(ROOT, () => {
  const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
});

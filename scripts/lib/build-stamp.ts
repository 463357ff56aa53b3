// Whether build/ was produced from the sources on disk now (issue 15: `npm start` rebuilt every
// time, ≈ 45 s on a warm machine). `npm run build` writes a stamp — a SHA-256 of every input of
// `react-router build` — next to its output; `npm start` rebuilds only when the stamp is missing
// or differs. Contents are hashed, not mtimes: a `git checkout` that touches files without
// changing them does not force a rebuild, and an edit always does.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Folders and files the production bundle and the compiled server (build/node) are built from. */
export const BUILD_INPUTS = [
  "app",
  "server",
  "public",
  "package-lock.json",
  "package.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
];
export const STAMP_FILE = path.join("build", "occazio-build.json");
/** What a usable build needs besides the stamp. */
const BUILD_OUTPUTS = [path.join("build", "server", "index.js"), path.join("build", "client"), path.join("build", "node", "main.mjs")];

export interface BuildStamp {
  sources: string;
  builtAt: string;
}

function listFiles(root: string, relative: string, out: string[]) {
  const absolute = path.join(root, relative);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(absolute);
  } catch {
    return; // an optional input (public/, a config file) that does not exist
  }
  if (stat.isFile()) {
    out.push(relative);
    return;
  }
  if (!stat.isDirectory()) return;
  for (const entry of fs.readdirSync(absolute)) {
    // Tests beside the code do not reach the bundle, and editors' files are not sources.
    if (entry.startsWith(".") || /\.test\.tsx?$/.test(entry)) continue;
    listFiles(root, path.join(relative, entry), out);
  }
}

/** SHA-256 over the path and content of every build input, in a stable order. */
export function hashSources(root: string): string {
  const files: string[] = [];
  for (const input of BUILD_INPUTS) listFiles(root, input, files);
  files.sort();
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(file.split(path.sep).join("/"));
    hash.update("\0");
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

export function readStamp(root: string): BuildStamp | null {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(root, STAMP_FILE), "utf8")) as Partial<BuildStamp>;
    return typeof stamp.sources === "string" ? { sources: stamp.sources, builtAt: String(stamp.builtAt ?? "") } : null;
  } catch {
    return null;
  }
}

export function writeStamp(root: string, sources: string): void {
  const stamp: BuildStamp = { sources, builtAt: new Date().toISOString() };
  fs.writeFileSync(path.join(root, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
}

/**
 * `npm run build`: the stamp of the previous build is deleted before anything else, so a build
 * that fails (or is interrupted) halfway never leaves an "up to date" stamp beside a broken or
 * half-written build/ — `npm start` would start on it without rebuilding. The sources are hashed
 * before `steps` run: a file edited during the build makes the next start rebuild. A new stamp
 * is written only once every step has succeeded (`steps` throws or exits on failure).
 */
export async function stampedBuild(root: string, steps: () => Promise<void>): Promise<void> {
  fs.rmSync(path.join(root, STAMP_FILE), { force: true });
  const sources = hashSources(root);
  await steps();
  writeStamp(root, sources);
}

export type BuildState = { fresh: true; stamp: BuildStamp } | { fresh: false; reason: string };

/** Fresh only when the outputs exist and the stamp names the sources' current hash. */
export function buildState(root: string): BuildState {
  const missing = BUILD_OUTPUTS.find((output) => !fs.existsSync(path.join(root, output)));
  if (missing) return { fresh: false, reason: `${missing} manquant` };
  const stamp = readStamp(root);
  if (!stamp) return { fresh: false, reason: `${STAMP_FILE} manquant (build antérieur à cette vérification)` };
  if (stamp.sources !== hashSources(root)) return { fresh: false, reason: "les sources ont changé depuis le dernier build" };
  return { fresh: true, stamp };
}

/**
 * `npm start`'s step before the server: runs `build` only when the build is not fresh, and
 * says which case it is. Returns whether it built.
 */
export function ensureBuild(root: string, build: () => void, log: (line: string) => void = console.log): boolean {
  const state = buildState(root);
  if (state.fresh) {
    log(`Build à jour (sources inchangées depuis ${state.stamp.builtAt}) : pas de reconstruction.`);
    return false;
  }
  log(`Build nécessaire : ${state.reason}.`);
  build();
  return true;
}

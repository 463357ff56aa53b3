import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's directory (where package.json is), found from this module's location whether
 * it runs from the sources (`tsx`, Vitest) or from the compiled server (`build/node/*.mjs`,
 * decision 0037): files read at run time (migrations, the postal-code reference, the React
 * Router build) are found from here, not from the running file's own folder.
 */
function findProjectRoot(from: string): string {
  let dir = from;
  for (;;) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json introuvable au-dessus de ${from}`);
    dir = parent;
  }
}

export const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

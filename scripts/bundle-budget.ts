/**
 * First-load JavaScript per page, and the bundle budget (issue 15, decision 0021).
 *
 *   npx tsx scripts/bundle-budget.ts           # reads the existing build (npm test runs it after building)
 *   npx tsx scripts/bundle-budget.ts --build   # builds first
 *   npm run bench:bundle                       # = --build
 *
 * "First load" is what the server-rendered page makes the browser fetch before it can hydrate:
 * React Router's client manifest file (only with `routeDiscovery: "initial"`: in the default
 * lazy mode the document inlines the routes it needs and never fetches that file, whose size
 * grows with every route of the site), the entry module and its imports, and for each route of
 * the page (root → site layout → page) its module and imports — exactly the `modulepreload`
 * links and module scripts of the document. Each file is gzipped at level 9 (what the server sends)
 * and summed. Lazy chunks (`import()`) are not counted: they load on interaction.
 *
 * The budget fails (exit 1) when a budgeted page exceeds BUDGET_KIB, naming its largest chunks
 * and their largest modules, or when a page ships a module it must not ship before it is
 * opened (schema library, dialog/menu library, auth client, legal texts, map code), naming the
 * chunk that holds it, or when one of its first-load files builds an `Intl` object (the first
 * costs a phone's page 18–39 ms of locale data while it starts; decision 0025). Module
 * attribution comes from build/client-chunks.json (vite.config.ts).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/**
 * The budget CI enforces: today's figures plus a little room, so that any regression fails.
 * The goal of issue 15 is 110 KiB; React 19's react-dom client (64 KiB) and React Router with
 * React (42 KiB) alone weigh 106 KiB gzip, so the goal is out of reach without replacing the
 * framework (docs/PERFORMANCE.md, decision 0021). Lower this as the pages shrink, never raise it
 * without a decision record.
 */
export const BUDGET_KIB = 150;
export const ISSUE_GOAL_KIB = 110;

/** Files whose largest module is the framework (react-dom, react, react-router, scheduler). */
const FRAMEWORK = /node_modules\/(react|react-dom|react-router|scheduler)\//;

/** Pages measured: route chain ids (as in the client manifest) and whether the budget applies. */
const PAGES: { label: string; routes: string[]; budgeted: boolean }[] = [
  { label: "/home", routes: ["root", "routes/site-layout", "routes/home"], budgeted: true },
  { label: "/recherche", routes: ["root", "routes/site-layout", "routes/recherche"], budgeted: true },
  { label: "/annonce/:id (détail)", routes: ["root", "routes/site-layout", "routes/annonce"], budgeted: true },
  { label: "/publish", routes: ["root", "routes/site-layout", "routes/publish"], budgeted: false },
  { label: "/wishlists", routes: ["root", "routes/site-layout", "routes/wishlists"], budgeted: false },
  { label: "/mentions-legales", routes: ["root", "routes/site-layout", "legal-notices"], budgeted: false },
  { label: "/help", routes: ["root", "routes/site-layout", "legal-help"], budgeted: false },
];

/** Modules no budgeted page may load before the user opens what needs them. */
const FORBIDDEN: { pattern: RegExp; why: string }[] = [
  {
    pattern: /node_modules\/zod\//,
    why: "bibliothèque de validation (zod) : règles pures côté client, schémas côté serveur",
  },
  {
    pattern: /node_modules\/@radix-ui\/react-(dialog|dropdown-menu)\//,
    why: "Radix dialog/menu : à charger à l'ouverture",
  },
  {
    pattern: /node_modules\/(leaflet|react-leaflet|@react-leaflet)\//,
    why: "code de carte : à charger quand la carte s'ouvre",
  },
  { pattern: /node_modules\/better-auth\//, why: "client d'authentification" },
  {
    pattern: /app\/features\/auth\/(auth-client|auth-dialog-content)\.tsx?$/,
    why: "fenêtre de connexion : à charger à l'ouverture",
  },
  { pattern: /app\/features\/legal\/content\//, why: "textes légaux" },
];

interface ManifestRoute {
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

const root = process.cwd();
const clientDir = path.join(root, "build", "client");

function readManifest(): { manifest: Manifest; file: string } {
  const assets = path.join(clientDir, "assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error("Pas de manifeste client dans build/client/assets : lancez le build (--build).");
  const code = fs.readFileSync(path.join(assets, file), "utf8");
  const window: { __reactRouterManifest?: Manifest } = {};
  new Function("window", code)(window);
  if (!window.__reactRouterManifest) throw new Error(`Manifeste illisible : ${file}`);
  return { manifest: window.__reactRouterManifest, file: `/assets/${file}` };
}

const gzipCache = new Map<string, number>();
function gzipBytes(url: string): number {
  let size = gzipCache.get(url);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(path.join(clientDir, url)), { level: 9 }).length;
    gzipCache.set(url, size);
  }
  return size;
}

export interface PageReport {
  label: string;
  budgeted: boolean;
  files: { url: string; gzip: number }[];
  totalGzip: number;
  /** Part of totalGzip in files that are essentially the framework. */
  frameworkGzip: number;
  forbidden: { url: string; module: string; why: string }[];
  /** First-load files that build an Intl object: 18–39 ms for the first one on a phone's page (decision 0025). */
  intl: string[];
}

/** Whether the server build discovers routes lazily (React Router's default): then no page fetches the manifest file. */
function lazyRouteDiscovery(): boolean {
  const server = fs.readFileSync(path.join(root, "build", "server", "index.js"), "utf8");
  return /var routeDiscovery = \{\s*"mode": "lazy"/.test(server);
}

function firstLoad(manifest: Manifest, manifestUrl: string, routeIds: string[]): string[] {
  const urls = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  if (!lazyRouteDiscovery()) urls.add(manifestUrl);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`Route absente du manifeste : ${id}`);
    urls.add(route.module);
    for (const url of route.imports ?? []) urls.add(url);
  }
  return [...urls];
}

function chunkModules(): Record<string, { modules: Record<string, number> }> {
  const file = path.join(root, "build", "client-chunks.json");
  // Without it no chunk could be traced to its modules, and the forbidden-module checks would
  // pass on anything: refuse instead of reporting a false success.
  if (!fs.existsSync(file)) {
    throw new Error(
      "build/client-chunks.json manquant : le build n'a pas produit la liste des modules par fichier (vite.config.ts). Relancez `npm run build` ou `npx tsx scripts/bundle-budget.ts --build`.",
    );
  }
  return JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, { modules: Record<string, number> }>;
}

export function measure(): PageReport[] {
  const { manifest, file } = readManifest();
  const modules = chunkModules();
  return PAGES.map((page) => {
    const files = firstLoad(manifest, file, page.routes).map((url) => ({ url, gzip: gzipBytes(url) }));
    const forbidden: PageReport["forbidden"] = [];
    for (const { url } of files) {
      for (const id of Object.keys(modules[url.replace(/^\//, "")]?.modules ?? {})) {
        const rule = FORBIDDEN.find((r) => r.pattern.test(id));
        if (rule) forbidden.push({ url, module: id, why: rule.why });
      }
    }
    return {
      label: page.label,
      budgeted: page.budgeted,
      files: files.sort((a, b) => b.gzip - a.gzip),
      totalGzip: files.reduce((sum, f) => sum + f.gzip, 0),
      frameworkGzip: files
        .filter((f) => {
          const largest = Object.entries(modules[f.url.replace(/^\//, "")]?.modules ?? {}).sort(
            (a, b) => b[1] - a[1],
          )[0];
          return largest !== undefined && FRAMEWORK.test(largest[0]);
        })
        .reduce((sum, f) => sum + f.gzip, 0),
      forbidden,
      intl: files
        .filter((f) =>
          /\bIntl\.(NumberFormat|DateTimeFormat|Collator|PluralRules|RelativeTimeFormat|ListFormat)\b/.test(
            readAsset(f.url),
          ),
        )
        .map((f) => f.url),
    };
  });
}

function readAsset(url: string): string {
  return fs.readFileSync(path.join(clientDir, url), "utf8");
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

function largestModules(url: string, count: number): string {
  const entry = chunkModules()[url.replace(/^\//, "")];
  if (!entry) return "";
  return Object.entries(entry.modules)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([id, bytes]) => `${id} (${kib(bytes)} Kio brut)`)
    .join(", ");
}

function main() {
  if (process.argv.includes("--build")) {
    // The project's build (scripts/build.ts), not a bare `react-router build`: the files are then
    // compressed and stamped like `npm run build`'s, and `npm start` does not rebuild them again.
    const build = spawnSync("npx", ["tsx", path.join(import.meta.dirname, "build.ts")], { stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  let reports: PageReport[];
  try {
    reports = measure();
  } catch (error) {
    // A missing build or chunk list: say it in one line, not a stack trace.
    console.error(`\nBudget JavaScript non mesuré : ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  console.log(
    `\nJavaScript au premier chargement (gzip -9), budget ${BUDGET_KIB} Kio sur les pages marquées * (objectif du ticket 15 : ${ISSUE_GOAL_KIB} Kio)\n`,
  );
  console.log("| Page | Fichiers | gzip (Kio) | dont framework | Plus gros fichiers |");
  console.log("|---|---:|---:|---:|---|");
  for (const r of reports) {
    const top = r.files
      .slice(0, 3)
      .map((f) => `${path.basename(f.url)} ${kib(f.gzip)}`)
      .join(", ");
    console.log(
      `| ${r.label}${r.budgeted ? " *" : ""} | ${r.files.length} | ${kib(r.totalGzip)} | ${kib(r.frameworkGzip)} | ${top} |`,
    );
  }
  const failures: string[] = [];
  for (const r of reports.filter((r) => r.budgeted)) {
    if (r.totalGzip > BUDGET_KIB * 1024) {
      const culprits = r.files
        .slice(0, 3)
        .map((f) => `  - ${f.url} : ${kib(f.gzip)} Kio gzip — ${largestModules(f.url, 3)}`)
        .join("\n");
      failures.push(`${r.label} : ${kib(r.totalGzip)} Kio > ${BUDGET_KIB} Kio. Plus gros fichiers :\n${culprits}`);
    }
    for (const url of r.intl) {
      failures.push(
        `${r.label} charge ${url}, qui crée un objet Intl : le premier coûte 18 à 39 ms au chargement de la page (décision 0025 ; ~/ui/format).`,
      );
    }
    const grouped = new Map<string, string[]>();
    for (const f of r.forbidden) {
      const key = `${f.url}\u0000${f.why}`;
      grouped.set(key, [...(grouped.get(key) ?? []), f.module]);
    }
    for (const [key, ids] of grouped) {
      const [url, why] = key.split("\u0000");
      failures.push(
        `${r.label} charge ${ids[0]}${ids.length > 1 ? ` (et ${ids.length - 1} autre(s) module(s))` : ""} dans ${url} : ${why}.`,
      );
    }
  }
  if (failures.length) {
    console.error(`\nBudget JavaScript dépassé :\n${failures.map((f) => `- ${f}`).join("\n")}`);
    process.exit(1);
  }
  console.log(`\nBudget respecté (≤ ${BUDGET_KIB} Kio, aucun module interdit au premier chargement).`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();

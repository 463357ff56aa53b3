// POST fuzzer over every route (issue 37, finding 2): starts the real HTTP app (production
// build, Express + React Router + Better Auth) in this process on the chosen engine, signs in a
// seller, a buyer and a moderator, then sends COUNT odd bodies (JSON, text/plain, truncated or
// malformed multipart, wrong boundaries, huge field names, invalid UTF-8, odd urlencoded keys,
// empty, binary…) to every route of app/routes.ts and Better Auth's forms, anonymously and
// signed in, with this site's Origin (past the CSRF check). Prints the answers per status, per
// route and per kind of body; exits 1 on any 5xx or dropped connection (tests/support/post-fuzzer.ts).
//
// Usage: npm run build && npm run fuzz:post -- [--count 5000] [--seed 37] [--concurrency 4]
//          [--engine pglite|postgres] [--database-url postgres://postgres@127.0.0.1:5432/occazio_fuzz]
//          [--reuse] [--keep] [--log-errors]
//
// COUNT also from FUZZ_POST_COUNT, the seed from FUZZ_SEED. The engine defaults to PostgreSQL
// when --database-url or DATABASE_URL is set, else PGlite in memory. On PostgreSQL the database
// named in the URL is the fuzzer's own: created if absent and dropped at the end (--keep leaves
// it); an existing one is refused unless --reuse (then left in place, with the fuzz rows in it).
import { parseArgs } from "node:util";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { ensurePlacesLoaded } from "~/features/places/places.server";
import { createLogger } from "~/server/logger.server";
import { formatFuzzReport, postRoutes, prepareFuzzFixtures, runPostFuzz } from "../tests/support/post-fuzzer";
import { startTestApp } from "../tests/support/test-app";
import { PLACES_CSV } from "../tests/support/test-db";

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: process.env.FUZZ_POST_COUNT ?? "1000" },
    seed: { type: "string", default: process.env.FUZZ_SEED ?? "37" },
    concurrency: { type: "string", default: "4" },
    engine: { type: "string", default: "" },
    "database-url": { type: "string", default: process.env.DATABASE_URL ?? "" },
    reuse: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    "log-errors": { type: "boolean", default: false },
  },
});
const count = Number(args.count);
const seed = Number(args.seed);
const engine = args.engine || (args["database-url"] ? "postgres" : "pglite");
if (!Number.isInteger(count) || count < 1) throw new Error("--count : un entier ≥ 1");
if (!["pglite", "postgres"].includes(engine)) throw new Error("--engine : pglite ou postgres");
if (engine === "postgres" && !args["database-url"]) throw new Error("--engine postgres demande --database-url ou DATABASE_URL");

/** The fuzzer's own PostgreSQL database: created here (or reused with --reuse), dropped only if created here. */
async function ownDatabase(databaseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`nom de base inattendu dans l'URL : « ${name} » (lettres minuscules, chiffres, _)`);
  const maintenance = new URL(databaseUrl);
  maintenance.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  let created = false;
  try {
    const exists = (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount;
    if (exists && !args.reuse) throw new Error(`la base ${name} existe déjà : --reuse pour y lancer le fuzzer quand même, ou un autre nom`);
    if (!exists) {
      await admin.query(`create database ${name}`);
      created = true;
    }
  } finally {
    await admin.end();
  }
  return {
    url: url.toString(),
    drop: async () => {
      if (!created) return;
      if (args.keep) return void console.log(`base ${name} conservée (--keep)`);
      const client = new pg.Client({ connectionString: maintenance.toString() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

let drop = async () => {};
let handle: DatabaseHandle;
if (engine === "postgres") {
  const own = await ownDatabase(args["database-url"]!);
  drop = own.drop;
  handle = await openDatabase({ databaseUrl: own.url, poolSize: 10 });
} else {
  handle = await openDatabase({});
}
let failed = true;
try {
  await ensurePlacesLoaded({ db: handle.db, csvPath: PLACES_CSV });
  const logger = createLogger({ level: args["log-errors"] ? "error" : "silent", pretty: false });
  // Rate limits far away: the bodies should reach the actions, not a 429.
  const app = await startTestApp({ db: { ...handle, name: engine }, logger, env: { RATE_LIMIT_SCALE: "1000" } });
  try {
    const fixtures = await prepareFuzzFixtures({ baseUrl: app.url, db: handle.db });
    const routes = postRoutes();
    console.log(
      `fuzz POST : ${count} corps sur ${routes.length} routes (${routes.filter((r) => r.hasAction).length} avec action), ` +
        `moteur ${engine}, graine ${seed}, ${args.concurrency} en parallèle ; charge ${(await loadAverage()).join(" ")}`,
    );
    const report = await runPostFuzz({
      baseUrl: app.url,
      seed,
      count,
      fixtures,
      routes,
      concurrency: Number(args.concurrency),
      onProgress: (done) => {
        if (done % 1000 === 0) console.log(`  … ${done}/${count}`);
      },
    });
    const health = await fetch(`${app.url}/healthz`);
    console.log(formatFuzzReport(report));
    console.log(`/healthz après le fuzz : ${health.status} ; charge ${(await loadAverage()).join(" ")}`);
    failed = report.failures.length > 0 || health.status !== 200;
  } finally {
    await app.close();
  }
} finally {
  await handle.close();
  await drop();
}
process.exit(failed ? 1 : 0);

async function loadAverage(): Promise<string[]> {
  const { readFile } = await import("node:fs/promises");
  return (await readFile("/proc/loadavg", "utf8")).split(" ").slice(0, 3);
}

/**
 * What `npm run db:restore-check` checks in the restored copy (scripts/lib/restore-check.ts),
 * and its operator summary in French and English.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { MIGRATIONS_DIR, openDatabase } from "~/db/client.server";
import { listLatestListings } from "~/features/listings/listing-cards.server";
import { getListingDetail } from "~/features/listings/listing-detail.server";
import { variantKey } from "~/features/listings/photo-variants";
import { createLocalStorage } from "~/server/storage.server";
import type { CheckLine, RestoreCheckOptions, RestoreCheckReport } from "./restore-check";

/** Tables whose row counts must survive the round trip (absent ones, e.g. no pg-boss yet, are skipped). */
export const KEY_TABLES = [
  "public.user",
  "public.session",
  "public.listings",
  "public.listing_photos",
  "public.conversations",
  "public.messages",
  "public.favorites",
  "public.saved_searches",
  "public.pro_profiles",
  "public.moderation_events",
  "pgboss.job",
] as const;

export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Row counts of the key tables; a table that does not exist is `null`. */
export async function countKeyTables(client: pg.Client): Promise<Map<string, number | null>> {
  const counts = new Map<string, number | null>();
  for (const table of KEY_TABLES) {
    const [schema, name] = table.split(".") as [string, string];
    const exists = await client.query<{ found: string | null }>("select to_regclass($1) as found", [`"${schema}"."${name}"`]);
    if (!exists.rows[0]?.found) {
      counts.set(table, null);
      continue;
    }
    const result = await client.query<{ n: string }>(`select count(*) as n from "${schema}"."${name}"`);
    counts.set(table, Number(result.rows[0]!.n));
  }
  return counts;
}

function expectedMigrations(): { count: number; when: number; tag: string } {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number; tag: string }[];
  };
  const last = journal.entries[journal.entries.length - 1]!;
  return { count: journal.entries.length, when: last.when, tag: last.tag };
}

const fmt = (n: number) => n.toLocaleString("fr-FR").replace(/[\u202f\u00a0]/g, " ");
const short = (table: string) => table.replace(/^public\./, "");

async function checkMigrations(client: pg.Client): Promise<CheckLine> {
  const expected = expectedMigrations();
  const table = await client.query<{ found: string | null }>("select to_regclass('drizzle.__drizzle_migrations') as found");
  if (!table.rows[0]?.found) {
    return { name: "migrations", ok: false, fr: "table des migrations absente", en: "no migrations table" };
  }
  const { rows } = await client.query<{ n: string; last: string | null }>(
    "select count(*) as n, max(created_at)::text as last from drizzle.__drizzle_migrations",
  );
  const applied = Number(rows[0]!.n);
  const ok = applied === expected.count && rows[0]!.last === String(expected.when);
  return ok
    ? { name: "migrations", ok, fr: `${applied}/${expected.count}, dernière ${expected.tag}`, en: "at this release's latest version" }
    : {
        name: "migrations",
        ok,
        fr: `${applied} appliquées, cette version en attend ${expected.count} (dernière ${expected.tag})`,
        en: "not at this release's latest version (older backup or other release)",
      };
}

function checkCounts(source: Map<string, number | null> | null, restored: Map<string, number | null>): CheckLine {
  const listed = [...restored].map(([table, n]) => `${short(table)} ${n === null ? "absente" : fmt(n)}`).join(" · ");
  if (!source) {
    return { name: "rows", ok: null, fr: `non comparées à la source : ${listed}`, en: "not compared with the source (given dump file)" };
  }
  const gaps = [...source].filter(([table, n]) => restored.get(table) !== n);
  if (gaps.length === 0) return { name: "rows", ok: true, fr: `égales à la source : ${listed}`, en: "equal to the source's" };
  const detail = gaps
    .map(([table, n]) => `${short(table)} ${restored.get(table) ?? "absente"} ≠ ${n ?? "absente"} (source)`)
    .join(" · ");
  return { name: "rows", ok: false, fr: `écart avec la source : ${detail}`, en: `differ from the source in ${gaps.length} table(s)` };
}

/** The restored copy: migrations, row counts, one listing read through the app's code, photo keys in storage. */
export async function checkRestored(input: {
  options: RestoreCheckOptions;
  scratchUrl: string;
  sourceCounts: Map<string, number | null> | null;
  checks: CheckLine[];
}): Promise<void> {
  const { options, scratchUrl, checks } = input;
  const published = await withClient(scratchUrl, async (client) => {
    checks.push(await checkMigrations(client));
    checks.push(checkCounts(input.sourceCounts, await countKeyTables(client)));
    const found = await client.query<{ found: string | null }>("select to_regclass('public.listings') as found");
    if (!found.rows[0]?.found) return 0;
    const { rows } = await client.query<{ n: string }>("select count(*) as n from listings where status = 'published'");
    return Number(rows[0]!.n);
  });

  const handle = await openDatabase({ databaseUrl: scratchUrl, migrate: false, poolSize: 2 });
  try {
    // Without a storage the query code still needs one for photo URLs: a folder never written.
    const storage = options.storage ?? createLocalStorage(path.join(os.tmpdir(), "occazio-restore-check-no-storage"));
    let sampleIds: string[] = [];
    if (published === 0) {
      checks.push({ name: "listing", ok: null, fr: "aucune annonce publiée à lire", en: "no published listing to read" });
    } else {
      try {
        const latest = await listLatestListings({ db: handle.db, storage, limit: 5 });
        sampleIds = latest.map((l) => l.id);
        const first = latest[0];
        if (!first) throw new Error(`${published} annonces publiées mais aucune carte lue`);
        const detail = await getListingDetail({ db: handle.db, storage, listingId: first.id, viewer: null });
        checks.push({
          name: "listing",
          ok: detail.id === first.id,
          fr: `annonce ${detail.id} lue par le code de l'application : ${detail.brand} ${detail.model}, ${detail.photos.length} photo(s)`,
          en: "a listing reads back through the app's own queries",
        });
      } catch (error) {
        checks.push({ name: "listing", ok: false, fr: `lecture d'annonce impossible : ${(error as Error).message}`, en: "the app cannot read a listing" });
      }
    }
    checks.push(await checkPhotoKeys({ options, pool: handle.pool!, sampleIds }));
  } finally {
    await handle.close();
  }
}

async function checkPhotoKeys(input: { options: RestoreCheckOptions; pool: pg.Pool; sampleIds: string[] }): Promise<CheckLine> {
  const { storage } = input.options;
  if (!storage) {
    return { name: "photos", ok: null, fr: "stockage des photos non configuré : clés non vérifiées", en: "no photo storage configured: keys not checked" };
  }
  try {
    await storage.check();
  } catch (error) {
    return {
      name: "photos",
      ok: null,
      fr: `stockage injoignable (${(error as Error).message}) : clés non vérifiées`,
      en: "photo storage unreachable: keys not checked",
    };
  }
  const { rows } = await input.pool.query<{ storage_key: string; variant_widths: number[] }>(
    `(select storage_key, variant_widths from listing_photos where listing_id = any($1::uuid[]))
     union
     (select storage_key, variant_widths from listing_photos order by random() limit $2)`,
    [input.sampleIds, input.options.photoSample ?? 20],
  );
  if (rows.length === 0) return { name: "photos", ok: null, fr: "aucune photo en base", en: "no photo rows" };
  const keys = rows.flatMap((row) => row.variant_widths.map((w) => variantKey(row.storage_key, w)));
  const missing: string[] = [];
  for (const key of keys) if ((await storage.size(key)) === null) missing.push(key);
  const where = storage.kind === "s3" ? "bucket" : "disque";
  if (missing.length === 0) {
    return { name: "photos", ok: true, fr: `${keys.length}/${keys.length} clés présentes (${where}, ${rows.length} photos tirées)`, en: "every sampled photo key is in storage" };
  }
  return {
    name: "photos",
    ok: false,
    fr: `${missing.length}/${keys.length} clés absentes du ${where}, dont ${missing.slice(0, 3).join(", ")}`,
    en: `${missing.length} photo key(s) missing from storage: restore the bucket to a point at or after the database's`,
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} Mo`;

/** The operator summary: one line per check, French then English. */
export function formatReport(report: RestoreCheckReport, options: { keepScratch?: boolean } = {}): string {
  const mark = (ok: boolean | null) => (ok === true ? "✔" : ok === false ? "✘" : "–");
  const made = report.dump.ms === null ? "fichier donné / given file" : `faite en ${report.dump.ms} ms / dumped now`;
  const lines = [
    "Vérification de restauration / Restore check",
    `  Source : ${report.source}`,
    `  Sauvegarde / dump : ${report.dump.file} (${mb(report.dump.bytes)}, ${made}${report.dump.ms !== null && !report.dump.kept ? ", supprimée / deleted" : ""})`,
    `  Base de contrôle / scratch database : ${report.scratch} (${options.keepScratch ? "conservée / kept" : "supprimée à la fin / dropped at the end"})`,
    ...report.checks.map((c) => `  ${mark(c.ok)} ${c.name} : ${c.fr}\n      ${c.en}`),
  ];
  const failed = report.checks.filter((c) => c.ok === false).length;
  lines.push(
    report.ok
      ? "Résultat : la sauvegarde se restaure et se relit. / Result: OK, the backup restores and reads back."
      : `Résultat : ÉCHEC, ${failed} point(s) en écart. / Result: FAILED, ${failed} mismatch(es).`,
  );
  return lines.join("\n");
}

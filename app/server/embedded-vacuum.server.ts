import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";

/**
 * Autovacuum for the embedded PGlite (decision 0023). PGlite runs PostgreSQL as one backend,
 * without the autovacuum launcher: dead row versions (edits, counters, finished jobs) were never
 * removed, the statistics never refreshed, and the visibility map — what index-only counts rely
 * on — never set again after a write. So the search slowed down with use. This does what
 * autovacuum would, with its default thresholds, one table at a time, from the web process.
 *
 * PostgreSQL servers (DATABASE_URL) have their own autovacuum: this never runs there.
 */

/** PostgreSQL's defaults: autovacuum_vacuum_threshold / _scale_factor, insert and analyze ones. */
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;
const INSERT_BASE = 1000;
const INSERT_SCALE = 0.2;
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;

export interface TableMaintenance {
  table: string;
  action: "vacuum" | "analyze";
  ms: number;
}

interface TableStats {
  schema: string;
  table: string;
  live: number;
  dead: number;
  modified: number;
  inserted: number;
}

/** Which tables are due, by autovacuum's rules, from the statistics PGlite keeps in memory. */
export function dueTables(stats: TableStats[]): { schema: string; table: string; action: "vacuum" | "analyze" }[] {
  const due: { schema: string; table: string; action: "vacuum" | "analyze" }[] = [];
  for (const s of stats) {
    if (s.dead > VACUUM_BASE + VACUUM_SCALE * s.live || s.inserted > INSERT_BASE + INSERT_SCALE * s.live) {
      due.push({ schema: s.schema, table: s.table, action: "vacuum" });
    } else if (s.modified > ANALYZE_BASE + ANALYZE_SCALE * s.live) {
      due.push({ schema: s.schema, table: s.table, action: "analyze" });
    }
  }
  return due;
}

/**
 * One pass: `VACUUM (ANALYZE)` each table with enough dead or newly inserted rows, `ANALYZE` each
 * one with enough changes. PGlite answers one statement at a time, so requests wait behind each
 * table's statement: tables go one by one (a VACUUM of a table skips the pages the visibility map
 * marks clean, so a pass after a day of traffic costs a fraction of a full scan). `all`: every
 * table, whatever the statistics say (the first pass after a start: PGlite does not keep its
 * statistics across restarts, so what changed before the restart is not counted any more).
 */
export async function vacuumDueTables(db: Database, options: { all?: boolean } = {}): Promise<TableMaintenance[]> {
  // The backend keeps its counts locally and publishes them at most once a second, when idle;
  // PGlite's single backend is rarely "idle" in that sense: ask for them now.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const result = (await db.execute(sql`
    select schemaname as schema, relname as table, n_live_tup::float8 as live, n_dead_tup::float8 as dead,
           n_mod_since_analyze::float8 as modified, n_ins_since_vacuum::float8 as inserted
    from pg_stat_user_tables`)) as unknown as { rows: TableStats[] };
  const done: TableMaintenance[] = [];
  const stats = result.rows.map((r) => ({ ...r, live: Number(r.live), dead: Number(r.dead), modified: Number(r.modified), inserted: Number(r.inserted) }));
  const due = options.all ? stats.map((s) => ({ schema: s.schema, table: s.table, action: "vacuum" as const })) : dueTables(stats);
  for (const { schema, table, action } of due) {
    const started = performance.now();
    const name = sql.raw(`${quoteIdent(schema)}.${quoteIdent(table)}`);
    await db.execute(action === "vacuum" ? sql`vacuum (analyze) ${name}` : sql`analyze ${name}`);
    done.push({ table: `${schema}.${table}`, action, ms: Math.round(performance.now() - started) });
  }
  return done;
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Runs `vacuumDueTables` every `intervalSeconds` (0: never); returns a stop function. */
export function startEmbeddedVacuum(options: {
  db: Database;
  intervalSeconds: number;
  onDone: (tables: TableMaintenance[]) => void;
  onError: (err: unknown) => void;
}): () => Promise<void> {
  if (options.intervalSeconds <= 0) return async () => {};
  let running: Promise<unknown> | null = null;
  // Every table on the first pass after the start (until one succeeds), then by the thresholds.
  let all = true;
  const timer = setInterval(() => {
    running ??= vacuumDueTables(options.db, { all })
      .then((tables) => {
        all = false;
        if (tables.length > 0) options.onDone(tables);
      })
      .catch(options.onError)
      .finally(() => (running = null));
  }, options.intervalSeconds * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

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
 * marks clean, so a pass costs what changed since the last one).
 *
 * `afterStart`: PGlite does not keep those counts across restarts, so what changed before the
 * restart is not counted any more. The first pass after a start therefore plain-`VACUUM`s the
 * tables that grew past what their last VACUUM marked all-visible (`poorlyVisibleTables`, from
 * the catalogue) instead; the planner's statistics are in the catalogue too and need no new
 * ANALYZE. (A blanket `VACUUM (ANALYZE)` of every table held PGlite for 3.8 s at 100 000
 * listings, 1.4 s even on clean tables: decision 0023.)
 */
export async function vacuumDueTables(db: Database, options: { afterStart?: boolean } = {}): Promise<TableMaintenance[]> {
  // The backend keeps its counts locally and publishes them at most once a second, when idle;
  // PGlite's single backend is rarely "idle" in that sense: ask for them now.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const result = (await db.execute(sql`
    select schemaname as schema, relname as table, n_live_tup::float8 as live, n_dead_tup::float8 as dead,
           n_mod_since_analyze::float8 as modified, n_ins_since_vacuum::float8 as inserted
    from pg_stat_user_tables`)) as unknown as { rows: TableStats[] };
  const done: TableMaintenance[] = [];
  const stats = result.rows.map((r) => ({ ...r, live: Number(r.live), dead: Number(r.dead), modified: Number(r.modified), inserted: Number(r.inserted) }));
  const due = options.afterStart ? await poorlyVisibleTables(db) : dueTables(stats);
  for (const { schema, table, action } of due) {
    const started = performance.now();
    const name = sql.raw(`${quoteIdent(schema)}.${quoteIdent(table)}`);
    await db.execute(
      action === "analyze" ? sql`analyze ${name}` : options.afterStart ? sql`vacuum ${name}` : sql`vacuum (analyze) ${name}`,
    );
    done.push({ table: `${schema}.${table}`, action, ms: Math.round(performance.now() - started) });
  }
  return done;
}

/** Below this share of all-visible pages, a table is vacuumed on the first pass after a start. */
export const VISIBLE_SHARE = 0.8;

/**
 * Tables (of 8 pages or more) whose visibility map, as their last VACUUM left it
 * (`relallvisible`), covers less than VISIBLE_SHARE of their pages now: rows written since then
 * went to new pages. (Rows changed in place since then are not seen: the next threshold pass
 * catches them once they are numerous enough.)
 */
async function poorlyVisibleTables(db: Database): Promise<{ schema: string; table: string; action: "vacuum" }[]> {
  const result = (await db.execute(sql`
    select schema, "table" from (
      select n.nspname as schema, c.relname as "table", c.relallvisible as visible,
             pg_relation_size(c.oid) / current_setting('block_size')::int as pages
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
    ) t
    where pages >= 8 and visible < ${VISIBLE_SHARE}::float8 * pages`)) as unknown as {
    rows: { schema: string; table: string }[];
  };
  return result.rows.map((r) => ({ ...r, action: "vacuum" as const }));
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
  // The first pass after the start (until one succeeds) by the visibility map, then by the thresholds.
  let afterStart = true;
  const timer = setInterval(() => {
    running ??= vacuumDueTables(options.db, { afterStart })
      .then((tables) => {
        afterStart = false;
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

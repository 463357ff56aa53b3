/**
 * `npm run db:restore-check` (docs/DEPLOY.md, section 9 "Backups and restore"): proves that a
 * PostgreSQL backup restores. It dumps the database at DATABASE_URL (`pg_dump -Fc`, inside an
 * exported snapshot so the row counts it compares are those of the dump itself) or takes a
 * dump file, restores it with `pg_restore` into a scratch database it creates itself, then
 * checks the copy: every migration of this release applied, the row counts of the key tables,
 * a listing read through the app's own query code, and the photo keys present in storage.
 *
 * The scratch database is created by this check (refused when a database of that name exists
 * that an earlier check did not create: the marker is its comment) and dropped at the end.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Storage } from "~/server/storage.server";
import { checkRestored, countKeyTables, withClient } from "./restore-check-verify";

/** Comment set on the scratch database: the only databases this check will ever drop. */
export const SCRATCH_MARKER = "occazio:restore-check";

export interface RestoreCheckOptions {
  /** The database whose backup is checked (source of the dump and of the reference counts). */
  sourceUrl: string;
  /** A dump file to check instead of dumping the source now. */
  dumpFile?: string;
  /** With `dumpFile`: compare its counts with the source's (a dump of a database that did not change since). */
  compareWithSource?: boolean;
  /** Keep the dump made here at this path (a backup that is checked as it is taken). */
  outFile?: string;
  /** Server on which the scratch database is created (default: the source's). */
  scratchServerUrl?: string;
  /** Scratch database name (default: `<source name>_restore_check`). */
  scratchName?: string;
  /** Keep the scratch database after the check (for a look by hand). */
  keepScratch?: boolean;
  /** Photo storage to find the restored photo keys in; null = not checked. */
  storage: Storage | null;
  /** Folder of `pg_dump` / `pg_restore` (matching the server's major version); default: PATH. */
  pgBinDir?: string;
  /** Photos whose variants are looked up in storage (random sample plus the listings read). */
  photoSample?: number;
}

/** One verdict: ok true/false, or null when it could not be checked (then it does not fail the check). */
export interface CheckLine {
  name: string;
  ok: boolean | null;
  fr: string;
  en: string;
}

export interface RestoreCheckReport {
  ok: boolean;
  source: string;
  scratch: string;
  dump: { file: string; bytes: number; ms: number | null; kept: boolean };
  checks: CheckLine[];
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** `<source>_restore_check`, made a plain lower-case identifier of at most 63 characters. */
export function defaultScratchName(sourceName: string): string {
  const base = sourceName.toLowerCase().replace(/[^a-z0-9_]/g, "_").replace(/^([^a-z_])/, "_$1");
  return `${base.slice(0, 63 - "_restore_check".length)}_restore_check`;
}

/** The URL without its password, for messages. */
export function describeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Runs a PostgreSQL client tool with the password in PGPASSWORD, never on its command line (ps). */
function runTool(bin: string, args: string[], url: string): Promise<void> {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return new Promise((resolve, reject) => {
    const child = spawn(bin, [`--dbname=${parsed.toString()}`, ...args], {
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    child.on("error", (error) => reject(new Error(`${path.basename(bin)} introuvable : ${error.message}`)));
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(bin)} a échoué (code ${code}) : ${stderr.trim()}`)),
    );
  });
}

/** Creates the scratch database, or recreates one an earlier check left; refuses any other. */
async function createScratch(serverUrl: string, name: string): Promise<void> {
  await withClient(serverUrl, async (client) => {
    const existing = await client.query<{ comment: string | null }>(
      "select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1",
      [name],
    );
    if (existing.rows.length) {
      if (existing.rows[0]!.comment !== SCRATCH_MARKER) {
        throw new ScratchRefusedError(
          `La base « ${name} » existe déjà et n'a pas été créée par cette vérification : elle n'est pas touchée. ` +
            `Choisissez un autre nom (RESTORE_CHECK_DATABASE).`,
        );
      }
      await client.query(`drop database "${name}" with (force)`);
    }
    await client.query(`create database "${name}"`);
    await client.query(`comment on database "${name}" is '${SCRATCH_MARKER}'`);
  });
}

async function dropScratch(serverUrl: string, name: string): Promise<void> {
  await withClient(serverUrl, async (client) => {
    const existing = await client.query<{ comment: string | null }>(
      "select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1",
      [name],
    );
    if (existing.rows[0]?.comment === SCRATCH_MARKER) await client.query(`drop database "${name}" with (force)`);
  });
}

/** The scratch database could not be made (name taken by another database): a usage error, not a bad backup. */
export class ScratchRefusedError extends Error {
  override readonly name = "ScratchRefusedError";
}

export async function runRestoreCheck(options: RestoreCheckOptions): Promise<RestoreCheckReport> {
  const sourceName = decodeURIComponent(new URL(options.sourceUrl).pathname.replace(/^\//, ""));
  const serverUrl = options.scratchServerUrl ?? options.sourceUrl;
  const scratch = options.scratchName ?? defaultScratchName(sourceName);
  if (!IDENTIFIER.test(scratch)) throw new ScratchRefusedError(`Nom de base de contrôle invalide « ${scratch} » (a-z, 0-9, _).`);
  const sameServer = new URL(serverUrl).host === new URL(options.sourceUrl).host;
  if (scratch === sourceName && sameServer) throw new ScratchRefusedError("La base de contrôle ne peut pas être la base source.");
  const bin = (tool: string) => (options.pgBinDir ? path.join(options.pgBinDir, tool) : tool);
  const checks: CheckLine[] = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-restore-check-"));
  const report: RestoreCheckReport = {
    ok: false,
    source: describeUrl(options.sourceUrl),
    scratch,
    dump: { file: "", bytes: 0, ms: null, kept: false },
    checks,
  };
  let created = false;
  try {
    // 1. The dump: taken here inside an exported snapshot (its counts are the dump's), or given.
    let sourceCounts: Map<string, number | null> | null = null;
    if (options.dumpFile) {
      report.dump = { file: path.resolve(options.dumpFile), bytes: fs.statSync(options.dumpFile).size, ms: null, kept: true };
      if (options.compareWithSource) sourceCounts = await withClient(options.sourceUrl, countKeyTables);
    } else {
      const file = options.outFile ? path.resolve(options.outFile) : path.join(tmp, `${sourceName}.dump`);
      const started = performance.now();
      try {
        sourceCounts = await withClient(options.sourceUrl, async (client) => {
          await client.query("begin isolation level repeatable read read only");
          const snapshot = (await client.query<{ id: string }>("select pg_export_snapshot() as id")).rows[0]!.id;
          const counts = await countKeyTables(client);
          await runTool(bin("pg_dump"), ["--format=custom", `--snapshot=${snapshot}`, `--file=${file}`], options.sourceUrl);
          await client.query("commit");
          return counts;
        });
      } catch (error) {
        report.dump.file = file;
        checks.push({ name: "dump", ok: false, fr: `sauvegarde impossible : ${(error as Error).message}`, en: "pg_dump failed" });
        return report;
      }
      report.dump = { file, bytes: fs.statSync(file).size, ms: Math.round(performance.now() - started), kept: !!options.outFile };
    }

    // 2. The restore into a database of our own.
    await createScratch(serverUrl, scratch);
    created = true;
    const scratchUrl = withDatabase(serverUrl, scratch);
    const restoreStarted = performance.now();
    try {
      await runTool(bin("pg_restore"), ["--no-owner", "--no-acl", "--exit-on-error", report.dump.file], scratchUrl);
    } catch (error) {
      checks.push({
        name: "restore",
        ok: false,
        fr: `Restauration impossible : ${(error as Error).message}`,
        en: "pg_restore failed: the dump is damaged or incomplete",
      });
      return report;
    }
    const restoreMs = Math.round(performance.now() - restoreStarted);
    checks.push({ name: "restore", ok: true, fr: `pg_restore sans erreur (${restoreMs} ms)`, en: "pg_restore completed without error" });

    await checkRestored({ options, scratchUrl, sourceCounts, checks });
    report.ok = checks.every((c) => c.ok !== false);
    return report;
  } finally {
    if (created && !options.keepScratch) await dropScratch(serverUrl, scratch).catch(() => {});
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

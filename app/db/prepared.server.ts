import type { DbExecutor } from "./client.server";

/**
 * A statement every signed-in page runs, built once per database handle (issue 37,
 * docs/PERFORMANCE.md "Prepared statements on the signed-in path"):
 * drizzle's query builder turns a select of the session and user rows into SQL on every call,
 * 0.18 ms of CPU of the 0.26 ms the statement costs the server; `.prepare(name)` builds it once
 * and PostgreSQL parses it once per connection. Keyed by the handle (primary, replica, or a
 * transaction: each gets its own), so a statement never runs on another handle's connection.
 *
 * The name must identify one SQL text: PostgreSQL refuses a second text under a name a
 * connection already prepared.
 */
const statements = new WeakMap<DbExecutor, Map<string, unknown>>();

export function preparedOn<D extends DbExecutor, T>(db: D, name: string, build: (db: D) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
}

// The statements a signed-in search page adds (issue 37), client CPU per call in one process and
// one run: as drizzle built them on every call before, and as the product runs them now,
// prepared once per database handle (app/db/prepared.server.ts). PostgreSQL's own CPU is not
// counted. Nothing is written.
//
// Usage: npm run bench:statements -- --database-url postgres://postgres@127.0.0.1:5432/<db> [--calls 3000]
// The database must hold a session and published listings, e.g. the one kept by
// `npm run bench:ssr -- --signed-in --database-name <db> --keep`.
import os from "node:os";
import { parseArgs } from "node:util";
import { and, eq, inArray, sql } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import * as schema from "~/db/schema";
import { favoritesAndDropsAmong } from "~/features/price-drops/price-history.server";
import { accountBadges } from "~/features/shell/account-badges.server";

const { values } = parseArgs({ options: { "database-url": { type: "string" }, calls: { type: "string", default: "3000" } } });
const databaseUrl = values["database-url"] ?? process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("--database-url (ou DATABASE_URL) est requis.");
const calls = Number(values.calls);

const handle = await openDatabase({ databaseUrl } as Parameters<typeof openDatabase>[0]);
const db = handle.db;
const [session] = await db.select().from(schema.session).limit(1);
if (!session) throw new Error("Aucune session dans cette base : lancez d'abord bench:ssr --signed-in --keep.");
const ids = (
  await db.select({ id: schema.listings.id }).from(schema.listings).where(eq(schema.listings.status, "published")).limit(24)
).map((r) => r.id);

/** CPU ms per call of this process, after a warm-up. */
async function cpuPerCall(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(300, calls); i++) await fn();
  const start = process.cpuUsage();
  for (let i = 0; i < calls; i++) await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / calls;
}

// The session read of app/features/auth/page-session.server.ts, built each call and prepared.
const sessionQuery = (token: unknown) =>
  db
    .select({ session: schema.session, user: schema.user })
    .from(schema.session)
    .innerJoin(schema.user, eq(schema.user.id, schema.session.userId))
    .where(eq(schema.session.token, token as string))
    .limit(1);
const preparedSession = sessionQuery(sql.placeholder("token")).prepare("bench_statements_session");
// The favourites of favoritesAndDropsAmong as it was written before (inArray, built each call).
const builtFavourites = () =>
  db
    .select({ id: schema.listings.id, price: schema.listings.price, publishedAt: schema.listings.publishedAt })
    .from(schema.favorites)
    .innerJoin(schema.listings, eq(schema.listings.id, schema.favorites.listingId))
    .where(and(eq(schema.favorites.userId, session.userId), inArray(schema.favorites.listingId, ids), eq(schema.listings.status, "published")));

const lines: { name: string; built?: () => Promise<unknown>; now: () => Promise<unknown> }[] = [
  { name: "select 1 (floor)", now: () => db.execute(sql`select 1`) },
  { name: "session + user", built: () => sessionQuery(session.token), now: () => preparedSession.execute({ token: session.token }) },
  { name: "favourites among 24 results", built: builtFavourites, now: () => favoritesAndDropsAmong({ db, userId: session.userId, listingIds: ids }) },
  { name: "header badges", now: () => accountBadges({ db, userId: session.userId }) },
];

console.log(`Client CPU ms per call, ${calls} calls after warm-up; load before ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
console.log("| Statement | built each call | as the product runs it |\n|---|---:|---:|");
for (const line of lines) {
  const built = line.built ? (await cpuPerCall(line.built)).toFixed(3) : "–";
  const now = (await cpuPerCall(line.now)).toFixed(3);
  console.log(`| ${line.name} | ${built} | ${now} |`);
}
console.log(`load after ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
await handle.close();

// Sign-in latency through the real HTTP stack (Express → Better Auth → scrypt → database).
// Usage: npm run build && npm run bench:auth [-- --runs 50 --engine pglite|postgres]
// PostgreSQL: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (a throwaway database is created).
import os from "node:os";
import { parseArgs } from "node:util";
import { insertUser } from "../app/testing/inserters.server";
import { createClient, startTestApp } from "../tests/support/test-app";
import { createTestDatabase } from "../tests/support/test-db";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "50" }, engine: { type: "string", default: "pglite" } },
});
process.env.TEST_DB_ENGINE = values.engine;
const runs = Number(values.runs);
const db = await createTestDatabase();
const app = await startTestApp({ db, env: { RATE_LIMIT_SCALE: "1000" } });
const user = await insertUser(db.db, { password: "motdepasse-bench-1" });

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;
const timings: number[] = [];
for (let i = 0; i < runs + 5; i++) {
  const client = createClient(app.url);
  const t0 = performance.now();
  const response = await client.signIn(user.email, "motdepasse-bench-1");
  const ms = performance.now() - t0;
  if (response.status !== 200) throw new Error(`connexion refusée : ${response.status}`);
  if (i >= 5) timings.push(ms); // the first requests warm up the JIT and the connection
}
const wrong: number[] = [];
for (let i = 0; i < 20; i++) {
  const t0 = performance.now();
  await createClient(app.url).signIn(user.email, "mauvais-mot-de-passe-1");
  wrong.push(performance.now() - t0);
}
console.log(`Sign-in latency, ${values.engine}, ${runs} runs, ${os.cpus().length} cores, Node ${process.version}`);
console.log(`  success       p50 ${percentile(timings, 50).toFixed(1)} ms   p95 ${percentile(timings, 95).toFixed(1)} ms`);
console.log(`  wrong password p50 ${percentile(wrong, 50).toFixed(1)} ms   p95 ${percentile(wrong, 95).toFixed(1)} ms`);
await app.close();
await db.close();

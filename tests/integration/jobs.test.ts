import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createJobQueue, type JobQueue } from "~/server/jobs.server";
import { createLogger } from "~/server/logger.server";
import { createQueuedMailer, createSmtpMailer, deliverWith, type Mailer } from "~/server/mailer.server";
import { startSmtpPeer } from "../support/peers";
import { createClient, startTestApp, type TestApp } from "../support/test-app";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

// Durable e-mails: every e-mail is a pg-boss job in the application database, delivered by
// a worker against a real SMTP server (smtp-server) that this test stops and restarts.
const engine = process.env.TEST_DB_ENGINE ?? "pglite";
const logger = createLogger({ level: "silent", pretty: false });

let t: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let queue: JobQueue;
let transport: Mailer;
let mailer: Mailer;
let app: TestApp;

beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpPeer();
  transport = createSmtpMailer({ url: smtp.url, from: "Occazio <no-reply@occazio.test>", logger });
  queue = await createJobQueue({ handle: t, logger, retryLimit: 20, retryDelaySeconds: 1, pollSeconds: 0.5 });
  mailer = createQueuedMailer({ queue, transport });
  await queue.work({ email: deliverWith(transport) });
  app = await startTestApp({ db: t, mailer });
});

afterAll(async () => {
  await app?.close();
  await queue?.close();
  await transport?.close();
  await smtp?.close();
  await t?.close();
});

async function jobCount(state: string): Promise<number> {
  const result = (await t.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'email' and state = ${state}`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n ?? 0;
}

describe(`durable e-mails (${engine})`, () => {
  it("sends each e-mail exactly once when the SMTP server comes back after an outage", async () => {
    const port = smtp.port;
    const before = await jobCount("completed");
    await smtp.close();

    // E-mails of several kinds while SMTP is down: sign-up verifications and a password reset.
    const stamp = Date.now();
    const addresses = [0, 1, 2].map((i) => `panne-${stamp}-${i}@example.test`);
    for (const email of addresses) await createClient(app.url).signUp(email);
    const reset = await createClient(app.url).request("/api/auth/request-password-reset", {
      method: "POST",
      json: { email: addresses[0], redirectTo: "/reinitialiser-mot-de-passe" },
    });
    expect(reset.status).toBe(200);
    const expected = [
      ...addresses.map((to) => ({ to, subject: "Confirmez votre adresse e-mail Occazio" })),
      { to: addresses[0]!, subject: "Réinitialisation de votre mot de passe Occazio" },
    ];

    // Every job was tried, failed and is waiting for its next attempt (backoff): none lost.
    await vi.waitFor(async () => expect(await jobCount("retry")).toBe(expected.length), { timeout: 30_000, interval: 200 });
    expect(smtp.received).toHaveLength(0);

    smtp = await startSmtpPeer(port);
    await vi.waitFor(async () => expect(await jobCount("completed")).toBe(before + expected.length), { timeout: 60_000, interval: 250 });
    expect(await queue.depth()).toBe(0);
    expect(await jobCount("active")).toBe(0);

    const delivered = smtp.received.map((m) => `${m.to.join(",")} ${m.subject}`).sort();
    expect(delivered).toEqual(expected.map((m) => `${m.to} ${m.subject}`).sort());
  }, 120_000);

  it("says whether a job of a kind and key waits to start (a feed's sync asked for, not yet taken)", async () => {
    expect(await queue.waiting("stock-feed", "feed-a")).toBe(false);
    await queue.enqueue("stock-feed", { feedId: "feed-a" }, { singletonKey: "feed-a", startAfter: new Date(Date.now() + 60_000) });
    expect(await queue.waiting("stock-feed", "feed-a")).toBe(true);
    expect(await queue.waiting("stock-feed", "feed-b")).toBe(false);
    expect(await queue.waiting("seller-stats", "feed-a")).toBe(false);
  });

  it("records an e-mail with the transaction that caused it: a rollback sends nothing (outbox pattern)", async () => {
    const to = `outbox-${Date.now()}@example.test`;
    const doomed = t.db.transaction(async (tx) => {
      await mailer.send({ to, subject: "Annulé", text: "jamais envoyé" }, { db: tx });
      throw new Error("rollback");
    });
    await expect(doomed).rejects.toThrow("rollback");
    await t.db.transaction(async (tx) => {
      await mailer.send({ to, subject: "Validé", text: "envoyé une fois" }, { db: tx });
    });
    await vi.waitFor(() => expect(smtp.received.filter((m) => m.to.includes(to)).map((m) => m.subject)).toEqual(["Validé"]), {
      timeout: 30_000,
      interval: 100,
    });
    const queued = (await t.db.execute(sql`select count(*)::int as n from pgboss.job where data->>'to' = ${to}`)) as unknown as {
      rows: { n: number }[];
    };
    expect(queued.rows[0]?.n).toBe(1);
  }, 60_000);
});

describe.runIf(engine === "postgres")("queue set-up lock (PostgreSQL)", () => {
  it("gives up with a message when another process holds the set-up lock, and returns no altered connection to the pool", async () => {
    const pool = t.pool!;
    // A process stuck in its set-up: it holds the lock and never lets go.
    const holder = await pool.connect();
    try {
      await holder.query("select pg_advisory_lock(72616101)");
      const started = Date.now();
      await expect(
        createJobQueue({ handle: t, logger, retryLimit: 1, retryDelaySeconds: 1, pollSeconds: 0.5, setupLockTimeoutMs: 300 }),
      ).rejects.toThrow(/verrou de mise en place non obtenu/);
      expect(Date.now() - started).toBeLessThan(10_000);

      // The connection that waited had its lock_timeout set: it was closed, not handed back.
      const idle = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
      try {
        for (const client of idle) {
          expect((await client.query<{ lock_timeout: string }>("show lock_timeout")).rows[0]?.lock_timeout).toBe("0");
        }
      } finally {
        for (const client of idle) client.release();
      }
    } finally {
      await holder.query("select pg_advisory_unlock(72616101)");
      holder.release();
    }
  });
});

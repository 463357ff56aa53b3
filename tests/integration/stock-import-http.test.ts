import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingPriceHistory, listings, proProfiles, stockImportRuns } from "~/db/schema";
import type { JobQueue } from "~/server/jobs.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createClient, startTestApp, type TestApp } from "../support/test-app";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Issue 35 over real HTTP: the authorization matrix of the new routes — upload
 * (POST /api/pro/stock-imports), report download (/account/stock/imports/:id/rapport.csv) and
 * 'Mon stock' — for anonymous, private user, pending pro, other verified pro and moderator, each
 * refusal leaving the database as it was; the size limit stated; the template.
 */

let t: TestDatabase;
let app: TestApp;
const queued: unknown[] = [];
const jobs: JobQueue = {
  async enqueue(_name, payload) {
    queued.push(payload);
  },
  async enqueueMany() {},
  async work() {},
  async depth() {
    return 0;
  },
  async readyStats() {
    return [];
  },
  async check() {},
  async close() {},
};

const CSV = "reference;marque;modele\nA;Alpine;A110\n";

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp({ db: t, jobs, env: { STOCK_IMPORT_MAX_BYTES: "2048" } });
});

afterAll(async () => {
  await app?.close();
  await t?.close();
});

async function member(options: { role?: "user" | "moderator"; pro?: "verified" | "pending" } = {}) {
  const person = await insertUser(t.db, { role: options.role ?? "user" });
  if (options.pro) {
    await t.db.insert(proProfiles).values({
      userId: person.id,
      slug: `garage-${person.id.slice(0, 8)}`,
      companyName: "Garage Alpin",
      siret: String(10_000_000_000_000 + Math.floor(Math.random() * 89_999_999_999_999)),
      addressLine: "1 place Bellecour",
      postalCode: "69002",
      city: "Lyon",
      latitude: 45.757,
      longitude: 4.832,
      phone: "0478000000",
      openingHours: [[], [], [], [], [], [], []],
      status: options.pro,
    });
  }
  const client = createClient(app.url);
  expect((await client.signIn(person.email, person.password)).status).toBe(200);
  return { ...person, client };
}

const upload = (client: ReturnType<typeof createClient>, body: string | Uint8Array<ArrayBuffer> = CSV) =>
  client.request("/api/pro/stock-imports?nom=stock.csv", {
    method: "POST",
    body,
    headers: { "content-type": "text/csv" },
  });

const runCount = async () => (await t.db.select({ id: stockImportRuns.id }).from(stockImportRuns)).length;

describe("stock import routes: who may do what", () => {
  let owner: Awaited<ReturnType<typeof member>>;
  let runId: string;

  it("a verified professional uploads: 202 with the run, queued for the background job", async () => {
    owner = await member({ pro: "verified" });
    const response = await upload(owner.client);
    expect(response.status).toBe(202);
    runId = ((await response.json()) as { runId: string }).runId;
    expect(queued).toContainEqual({ runId });
    const [run] = await t.db.select().from(stockImportRuns).where(eq(stockImportRuns.id, runId));
    expect(run).toMatchObject({ ownerId: owner.id, status: "queued", fileName: "stock.csv" });
  });

  it.each([
    ["anonymous", undefined, 401],
    ["a private user", {}, 403],
    ["a pending professional", { pro: "pending" as const }, 403],
    ["a moderator", { role: "moderator" as const }, 403],
  ])("%s cannot upload, nothing stored", async (_, who, status) => {
    const before = await runCount();
    const client = who ? (await member(who)).client : createClient(app.url);
    const response = await upload(client);
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: string }).error).toMatch(/Connectez-vous|professionnels vérifiés/);
    expect(await runCount()).toBe(before);
  });

  it("a professional uploads at most 12 files an hour: the 13th is 429 with Retry-After, nothing stored", async () => {
    const limited = await startTestApp({ db: t, jobs, env: { STOCK_IMPORT_MAX_BYTES: "2048" }, userRateLimitScale: 1 });
    try {
      const pro = await member({ pro: "verified" });
      const client = createClient(limited.url);
      expect((await client.signIn(pro.email, pro.password)).status).toBe(200);
      for (let i = 0; i < 12; i++) expect((await upload(client)).status).toBe(202);
      const before = await runCount();
      const refused = await upload(client);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: string }).error).toMatch(/^Vous avez importé trop de fichiers de stock en peu de temps\. Réessayez dans/);
      expect(await runCount()).toBe(before);
    } finally {
      await limited.close();
    }
  });

  it("a file above STOCK_IMPORT_MAX_BYTES is refused with the limit stated, nothing stored", async () => {
    const before = await runCount();
    const response = await upload(owner.client, new Uint8Array(4096).fill(65));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toBe(
      "Le fichier dépasse 2 Ko : aucune ligne n'a été importée ; découpez-le en plusieurs fichiers.",
    );
    expect(await runCount()).toBe(before);
  });

  it("the report goes to its owner only: others get 404 (or 401 signed out), whether it exists is not told", async () => {
    await t.db
      .update(stockImportRuns)
      .set({
        status: "done",
        rejected: 1,
        rejectedRows: [{ line: 2, reference: "=1+1", reason: "ligne 2 : prix « x » illisible" }],
      })
      .where(eq(stockImportRuns.id, runId));
    const mine = await owner.client.request(`/account/stock/imports/${runId}/rapport.csv`);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toContain("text/csv");
    expect(mine.headers.get("cache-control")).toContain("no-store");
    expect(await mine.text()).toContain("2;'=1+1;ligne 2 : prix « x » illisible");
    expect((await createClient(app.url).request(`/account/stock/imports/${runId}/rapport.csv`)).status).toBe(401);
    for (const who of [{ pro: "verified" as const }, {}, { role: "moderator" as const }]) {
      const other = await member(who);
      expect((await other.client.request(`/account/stock/imports/${runId}/rapport.csv`)).status).toBe(404);
    }
    expect((await owner.client.request("/account/stock/imports/not-a-uuid/rapport.csv")).status).toBe(404);
  });

  it("'Mon stock' says the import is for verified professionals to anyone else", async () => {
    const someone = await member();
    const page = await someone.client.request("/account/stock");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("L&#x27;import de stock est réservé aux professionnels vérifiés.");
    const mine = await owner.client.request("/account/stock");
    expect(await mine.text()).toContain("Importer un fichier");
  });

  it("the template is a CSV with the documented header", async () => {
    const response = await createClient(app.url).request("/account/stock/modele.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain("modele-stock-occazio.csv");
    const text = await response.text();
    expect(text.split("\r\n")[0]).toMatch(/^reference;marque;modele;annee;mise_en_circulation;/);
  });
});

/** Counts of what a bulk action could change, to show that a refusal changed nothing. */
async function stockState(ids: string[]) {
  const rows = await t.db
    .select({ id: listings.id, status: listings.status, price: listings.price })
    .from(listings)
    .where(inArray(listings.id, ids));
  const history = await t.db.select().from(listingPriceHistory).where(inArray(listingPriceHistory.listingId, ids));
  return { rows: rows.sort((a, b) => a.id.localeCompare(b.id)), history: history.length };
}

const bulk = (client: ReturnType<typeof createClient>, ids: string[], action: string) => {
  const form = new URLSearchParams({ action, mode: "percent", amount: "-5" });
  for (const id of ids) form.append("id", id);
  return client.request("/account/stock/actions", {
    method: "POST",
    body: form.toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
};

describe("dealer dashboard routes (issue 35, decision 0052): who may do what", () => {
  it.each(["price", "sold", "withdraw"])(
    "bulk action %s: anonymous 401, private user / pending pro / moderator 403, another pro 404 — nothing changed; the owner 200",
    async (action) => {
      const owner = await member({ pro: "verified" });
      const other = await member({ pro: "verified" });
      const mine = await insertListing(t.db, owner.id, { price: 12_000 });
      const theirs = await insertListing(t.db, other.id, { price: 9_000 });
      const before = await stockState([mine.id, theirs.id]);
      const refusals: [ReturnType<typeof createClient>, string[], number][] = [
        [createClient(app.url), [mine.id], 401],
        [(await member()).client, [mine.id], 403],
        [(await member({ pro: "pending" })).client, [mine.id], 403],
        [(await member({ role: "moderator" })).client, [mine.id], 403],
        [other.client, [mine.id], 404],
        [owner.client, [mine.id, theirs.id], 404],
      ];
      for (const [client, ids, status] of refusals) {
        const response = await bulk(client, ids, action);
        expect(response.status, `${action} ${status}`).toBe(status);
        expect(((await response.json()) as { error: string }).error).toBeTruthy();
      }
      expect(await stockState([mine.id, theirs.id])).toEqual(before);
      const done = await bulk(owner.client, [mine.id], action);
      expect(done.status).toBe(200);
      expect(((await done.json()) as { ok: string }).ok).toMatch(/1 annonce/);
      const after = await stockState([mine.id]);
      expect(after.rows[0]).toMatchObject(
        action === "price" ? { price: 11_400 } : { status: action === "sold" ? "sold" : "deleted" },
      );
    },
  );

  it("statistics: the owner's page; anyone else is told it is for verified professionals, another dealer's listing is not found", async () => {
    const owner = await member({ pro: "verified" });
    const listing = await insertListing(t.db, owner.id);
    const mine = await owner.client.request(`/account/stock/statistiques?annonce=${listing.id}&jours=90`);
    expect(mine.status).toBe(200);
    const html = await mine.text();
    expect(html).toContain("La boutique sur 90 jours");
    expect(html).toContain(`${listing.brand} ${listing.model}`);
    for (const who of [{}, { role: "moderator" as const }]) {
      const page = await (await member(who)).client.request("/account/stock/statistiques");
      expect(await page.text()).toContain("Les statistiques sont réservées aux professionnels vérifiés.");
    }
    const other = await member({ pro: "verified" });
    const theirs = await other.client.request(`/account/stock/statistiques?annonce=${listing.id}`);
    const text = await theirs.text();
    expect(text).toContain("Cette annonce n&#x27;existe pas ou n&#x27;est pas dans votre stock.");
    expect(text).not.toContain(`${listing.brand} ${listing.model}</h2>`);
    expect(await (await createClient(app.url).request("/account/stock/statistiques")).text()).toContain(
      "Connectez-vous pour voir vos statistiques.",
    );
  });
});

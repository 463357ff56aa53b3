import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingPriceHistory, listings, stockFeeds, stockImportRuns } from "~/db/schema";
import { createRecordingJobQueue } from "~/testing/recording-job-queue";
import { insertListing, insertProProfile, insertUser } from "~/testing/inserters.server";
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
// The route shows what the queue says (a feed's sync waits once enqueued); the queue's own
// answer is tested in jobs.test.ts.
const jobs = createRecordingJobQueue({ waiting: (_name, _key, enqueued) => enqueued.length > 0 });
/** The payloads of the jobs the routes enqueued. */
const queued = () => jobs.enqueued.map((job) => job.payload);

const CSV = "reference;marque;modele\nA;Alpine;A110\n";

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp({ db: t, jobs, env: { STOCK_IMPORT_MAX_BYTES: "2048", PHOTO_FETCH_ALLOW_PRIVATE: "false" } });
});

afterAll(async () => {
  await app?.close();
  await t?.close();
});

async function member(options: { role?: "user" | "moderator"; pro?: "verified" | "pending" } = {}) {
  const person = await insertUser(t.db, { role: options.role ?? "user" });
  if (options.pro) {
    await insertProProfile(t.db, person.id, {
      companyName: "Garage Alpin",
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
    expect(queued()).toContainEqual({ runId });
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

describe("'Flux automatique' routes: who may do what", () => {
  const feedAction = (client: ReturnType<typeof createClient>, fields: Record<string, string>) =>
    client.request("/account/stock/flux", {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    });
  const feeds = async () => t.db.select().from(stockFeeds).orderBy(stockFeeds.id);
  let owner: Awaited<ReturnType<typeof member>>;

  it("a verified professional registers its https feed, reads it back, asks 'Synchroniser maintenant'", async () => {
    owner = await member({ pro: "verified" });
    jobs.enqueued.length = 0;
    const saved = await feedAction(owner.client, { intent: "save-feed", url: "https://stock.garage-alpin.fr/export.csv" });
    expect(saved.status).toBe(200);
    const [feed] = await t.db.select().from(stockFeeds).where(eq(stockFeeds.ownerId, owner.id));
    expect(feed).toMatchObject({ url: "https://stock.garage-alpin.fr/export.csv", intervalSeconds: 21_600 });
    expect(queued()).toContainEqual({ feedId: feed!.id });
    const read = await owner.client.request("/account/stock/flux", { headers: { accept: "application/json" } });
    expect(read.status).toBe(200);
    expect((await read.json()) as { feed: { url: string; queued: boolean } }).toMatchObject({
      feed: { url: "https://stock.garage-alpin.fr/export.csv", queued: true },
    });
    jobs.enqueued.length = 0;
    expect((await feedAction(owner.client, { intent: "sync-feed" })).status).toBe(200);
    expect(queued()).toEqual([{ feedId: feed!.id }]);
  });

  it("http is refused outside tests (https only), nothing changed", async () => {
    const before = await feeds();
    const response = await feedAction(owner.client, { intent: "save-feed", url: "http://stock.garage-alpin.fr/export.csv" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(
      "L'adresse du flux doit commencer par https:// (connexion chiffrée).",
    );
    expect(await feeds()).toEqual(before);
  });

  it.each([
    ["anonymous", undefined, 401],
    ["a private user", {}, 403],
    ["a pending professional", { pro: "pending" as const }, 403],
    ["a moderator", { role: "moderator" as const }, 403],
    ["another verified professional", { pro: "verified" as const }, null],
  ])("%s cannot read, save, sync or delete the owner's feed; the database is unchanged", async (_, who, status) => {
    const before = await feeds();
    const client = who ? (await member(who)).client : createClient(app.url);
    jobs.enqueued.length = 0;
    const read = await client.request("/account/stock/flux", { headers: { accept: "application/json" } });
    const sync = await feedAction(client, { intent: "sync-feed" });
    const remove = await feedAction(client, { intent: "delete-feed" });
    if (status === null) {
      // Another pro only ever reaches its own (absent) feed: nothing of the owner's is read or touched.
      expect(read.status).toBe(200);
      expect(await read.json()).toEqual({ feed: null });
      expect(sync.status).toBe(404);
      expect(remove.status).toBe(404);
    } else {
      for (const response of [read, sync, remove]) expect(response.status).toBe(status);
      const save = await feedAction(client, { intent: "save-feed", url: "https://ailleurs.example/stock.csv" });
      expect(save.status).toBe(status);
    }
    expect(queued()).toEqual([]);
    expect(await feeds()).toEqual(before);
  });

  it("the owner deletes its feed: the schedule stops", async () => {
    expect((await feedAction(owner.client, { intent: "delete-feed" })).status).toBe(200);
    expect(await t.db.select().from(stockFeeds).where(eq(stockFeeds.ownerId, owner.id))).toEqual([]);
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
  // The dialog's answers: a price change, and 'Vendu sur Occazio ?' for 'Marquer vendues'.
  const form = new URLSearchParams({ action, mode: "percent", amount: "-5", channel: "occazio" });
  for (const id of ids) form.append("id", id);
  return client.request("/account/stock/actions", {
    method: "POST",
    body: form.toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
};

describe("dealer dashboard routes (issue 35, decision 0052): who may do what", () => {
  it.each(["price", "sold", "withdraw", "restore", "delete"])(
    "bulk action %s: anonymous 401, private user / pending pro / moderator 403, another pro 404 — nothing changed; the owner 200",
    async (action) => {
      const owner = await member({ pro: "verified" });
      const other = await member({ pro: "verified" });
      // 'Remettre en vente' applies to a listing taken offline (decision 0058).
      const mine = await insertListing(t.db, owner.id, { price: 12_000, status: action === "restore" ? "withdrawn" : "published" });
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
        action === "price"
          ? { price: 11_400 }
          : { status: ({ sold: "sold", withdraw: "withdrawn", restore: "published", delete: "deleted" } as Record<string, string>)[action] },
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

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { comparisonItems } from "~/db/schema";
import { COMPARE_UNAVAILABLE_MESSAGE } from "~/features/compare/compare-ids";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createClient } from "../support/test-app";
import { testAppForFile } from "../support/test-app-for-file";

const ctx = testAppForFile();

const stored = async (userId: string) =>
  (await ctx.t.db.select({ id: comparisonItems.listingId }).from(comparisonItems).where(eq(comparisonItems.userId, userId))).map((r) => r.id).sort();
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

describe(`comparison over HTTP (${process.env.TEST_DB_ENGINE})`, () => {
  it("keeps each user's tray on the server, for them only; anonymous callers get 401 and nothing changes", async () => {
    const seller = await insertUser(ctx.t.db);
    const [a, b] = [await insertListing(ctx.t.db, seller.id), await insertListing(ctx.t.db, seller.id)];
    const anonymous = createClient(ctx.app.url);
    expect((await anonymous.request("/api/comparison")).status).toBe(401);
    const refused = await anonymous.request("/api/comparison", { method: "POST", json: { action: "add", listingId: a.id } });
    expect(refused.status).toBe(401);
    expect((await refused.json()) as { error: string }).toMatchObject({ error: expect.stringContaining("connecter") });

    const alice = createClient(ctx.app.url);
    const aliceId = (await alice.signUp(`alice-${Date.now()}@example.fr`)).user.id;
    const bob = createClient(ctx.app.url);
    const bobId = (await bob.signUp(`bob-${Date.now()}@example.fr`)).user.id;
    const added = await alice.request("/api/comparison", { method: "POST", json: { action: "add", listingId: a.id } });
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ listingIds: [a.id] });
    await alice.request("/api/comparison", { method: "POST", json: { action: "add", listingId: b.id } });
    // Bob sees and changes only his own tray, whatever ids he sends.
    expect(await (await bob.request("/api/comparison")).json()).toEqual({ listingIds: [] });
    await bob.request("/api/comparison", { method: "POST", json: { action: "remove", listingId: a.id } });
    await bob.request("/api/comparison", { method: "POST", json: { action: "clear" } });
    expect(await stored(aliceId)).toEqual([a.id, b.id].sort());
    expect(await stored(bobId)).toEqual([]);
    // Kept on the server: a new request (another page, another device) gets it back.
    expect(await (await alice.request("/api/comparison")).json()).toEqual({ listingIds: [a.id, b.id] });

    for (const body of [null, { action: "add" }, { action: "add", listingId: 3 }, { action: "steal", userId: bobId }]) {
      expect((await alice.request("/api/comparison", { method: "POST", json: body })).status).toBe(400);
    }
    // A private listing (pending, sold, deleted) answers exactly like an unknown id: 404, same body.
    const answers = [];
    for (const id of [
      (await insertListing(ctx.t.db, seller.id, { status: "pending" })).id,
      (await insertListing(ctx.t.db, seller.id, { status: "sold" })).id,
      (await insertListing(ctx.t.db, seller.id, { status: "deleted" })).id,
      UNKNOWN,
    ]) {
      const refusal = await alice.request("/api/comparison", { method: "POST", json: { action: "add", listingId: id } });
      answers.push({ status: refusal.status, body: await refusal.json() });
    }
    expect(answers).toEqual(Array(4).fill({ status: 404, body: { error: COMPARE_UNAVAILABLE_MESSAGE } }));
    const crossSite = await alice.request("/api/comparison", { method: "POST", json: { action: "clear" }, headers: { origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
    expect(await stored(aliceId)).toEqual([a.id, b.id].sort());
  });

  it("/comparer drops unpublished and unknown ids with a French message, never an error page, and is not indexed", async () => {
    const seller = await insertUser(ctx.t.db);
    const live = await insertListing(ctx.t.db, seller.id, { brand: "Peugeot", model: "3008" });
    const sold = await insertListing(ctx.t.db, seller.id, { status: "sold", brand: "Citroën", model: "C4" });
    const client = createClient(ctx.app.url);
    const page = await client.request(`/comparer?ids=${live.id},${sold.id},${UNKNOWN},%27%3Bdrop%20table`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Peugeot 3008");
    expect(html).not.toContain("Citroën C4");
    expect(html).toContain("2 annonces de cette comparaison n&#x27;existent pas ou ne sont plus en ligne");
    expect(html).toContain("Un identifiant d&#x27;annonce du lien n&#x27;est pas valide : il a été ignoré.");
    expect(html).toMatch(/<meta name="robots" content="noindex, follow"/);
    const empty = await client.request("/comparer?ids=");
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain("Aucune annonce à comparer.");
  });
});

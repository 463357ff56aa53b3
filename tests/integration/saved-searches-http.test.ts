import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { savedSearches } from "~/db/schema";
import { createClient } from "../support/test-app";
import { testAppForFile } from "../support/test-app-for-file";
import { verifyEmailThroughOutbox } from "../support/verify-email";

/**
 * Authorization matrix of the saved-search endpoints over real HTTP (Express + the React
 * Router build + Better Auth): signed out, another user, the owner. Each refusal asserts the
 * status AND that no saved search changed.
 */

const ctx = testAppForFile({ withPlaces: true });

const uniq = () => Math.random().toString(36).slice(2, 10);

async function signedUp() {
  const client = createClient(ctx.app.url);
  const { user } = await client.signUp(`acheteur.${uniq()}@exemple.fr`);
  return { client, userId: user.id };
}

const snapshot = async () => JSON.stringify(await ctx.t.db.select().from(savedSearches).orderBy(asc(savedSearches.id)));

async function expectUnchanged(call: () => Promise<Response>, status: number): Promise<Response> {
  const before = await snapshot();
  const response = await call();
  expect(response.status).toBe(status);
  expect(await snapshot()).toBe(before);
  return response;
}

async function saveVia(client: ReturnType<typeof createClient>, query: string) {
  const response = await client.request("/api/saved-searches", { method: "POST", json: { query } });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; name: string; created: boolean };
}

const row = async (id: string) => (await ctx.t.db.select().from(savedSearches).where(eq(savedSearches.id, id)))[0];

describe(`saved searches over HTTP (${process.env.TEST_DB_ENGINE})`, () => {
  it("'Mes recherches' tells an unconfirmed account why no alert comes, and stops once it is confirmed", async () => {
    const email = `inconfirme.${uniq()}@exemple.fr`;
    const client = createClient(ctx.app.url);
    await client.signUp(email);
    await saveVia(client, "brand=Peugeot&model=208");
    const notice = "Confirmez votre adresse e-mail pour recevoir les alertes";
    const before = await client.request("/recherches");
    expect(before.status).toBe(200);
    expect(await before.text()).toContain(notice);
    await verifyEmailThroughOutbox(ctx.t, client, email);
    expect(await (await client.request("/recherches")).text()).not.toContain(notice);
  });

  it("POST /api/saved-searches: signed out 401, bad filters 400, each account saves only its own", async () => {
    const anonymous = createClient(ctx.app.url);
    await expectUnchanged(() => anonymous.request("/api/saved-searches", { method: "POST", json: { query: "brand=Peugeot" } }), 401);
    const owner = await signedUp();
    const other = await signedUp();
    await expectUnchanged(() => owner.client.request("/api/saved-searches", { method: "POST", json: { query: "foo=bar" } }), 400);
    await expectUnchanged(() => owner.client.request("/api/saved-searches", { method: "POST", json: { nope: 1 } }), 400);
    const saved = await saveVia(owner.client, "brand=Peugeot&model=208");
    expect(saved.created).toBe(true);
    // A user id in the body is not read: the session decides whose search it is.
    const response = await other.client.request("/api/saved-searches", {
      method: "POST",
      json: { query: "brand=Peugeot&model=208", name: "À moi", userId: owner.userId },
    });
    expect(response.status).toBe(200);
    const theirs = (await response.json()) as { id: string };
    expect(theirs.id).not.toBe(saved.id);
    expect(await row(theirs.id)).toMatchObject({ userId: other.userId, name: "À moi" });
    expect(await row(saved.id)).toMatchObject({ userId: owner.userId, name: saved.name });
  });

  it("POST /recherches: signed out 401, another user 404, the owner renames, sets alerts, opens and deletes", async () => {
    const owner = await signedUp();
    const other = await signedUp();
    const saved = await saveVia(owner.client, "brand=Renault&model=Clio");
    const anonymous = createClient(ctx.app.url);
    const actions: Record<string, string>[] = [
      { intent: "rename", name: "Volée" },
      { intent: "frequency", frequency: "off" },
      { intent: "open" },
      { intent: "delete" },
    ];
    for (const form of actions) {
      await expectUnchanged(() => anonymous.request("/recherches", { method: "POST", form: { id: saved.id, ...form } }), 401);
      await expectUnchanged(() => other.client.request("/recherches", { method: "POST", form: { id: saved.id, ...form } }), 404);
    }
    await expectUnchanged(() => owner.client.request("/recherches", { method: "POST", form: { id: saved.id, intent: "rename", name: "  " } }), 400);
    await expectUnchanged(() => owner.client.request("/recherches", { method: "POST", form: { id: "pas-un-id", intent: "delete" } }), 404);

    expect((await owner.client.request("/recherches", { method: "POST", form: { id: saved.id, intent: "rename", name: "Ma Clio" } })).status).toBe(200);
    expect(await row(saved.id)).toMatchObject({ name: "Ma Clio" });
    expect((await owner.client.request("/recherches", { method: "POST", form: { id: saved.id, intent: "frequency", frequency: "daily" } })).status).toBe(200);
    expect(await row(saved.id)).toMatchObject({ frequency: "daily" });
    const open = await owner.client.request("/recherches", { method: "POST", form: { id: saved.id, intent: "open" } });
    expect(open.status).toBe(302);
    expect(open.headers.get("location")).toBe("/recherche?brand=Renault&model=Clio");
    expect((await owner.client.request("/recherches", { method: "POST", form: { id: saved.id, intent: "delete" } })).status).toBe(200);
    expect(await row(saved.id)).toBeUndefined();
  });

  it("POST /alertes/desinscription: works signed out with the link; a tampered link is 400 for anyone and changes nothing", async () => {
    const owner = await signedUp();
    const other = await signedUp();
    const saved = await saveVia(owner.client, "brand=Dacia&model=Sandero");
    const token = (await row(saved.id))!.unsubscribeToken;
    const link = (ref: string) => `/alertes/desinscription?r=${encodeURIComponent(ref)}`;
    const oneClick = { method: "POST", form: { "List-Unsubscribe": "One-Click" } };
    const tampered = `${saved.id}.${token.slice(0, -2)}xx`;
    await expectUnchanged(() => createClient(ctx.app.url).request(link(tampered), oneClick), 400);
    await expectUnchanged(() => other.client.request(link(tampered), oneClick), 400);
    await expectUnchanged(() => owner.client.request(link(tampered), oneClick), 400);
    await expectUnchanged(() => other.client.request(link("n'importe quoi"), oneClick), 400);
    // GET only asks.
    const page = await expectUnchanged(() => createClient(ctx.app.url).request(link(`${saved.id}.${token}`)), 200);
    const html = await page.text();
    expect(html).toContain(`« ${saved.name} »`);
    expect(html).toContain("Me désabonner");
    // The mail client's one-click POST, signed out.
    expect((await createClient(ctx.app.url).request(link(`${saved.id}.${token}`), oneClick)).status).toBe(200);
    expect(await row(saved.id)).toMatchObject({ frequency: "off" });
  });
});

import fs from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { listingPhotos, listingRevisions, listings, type Listing } from "~/db/schema";
import { MAX_UPLOAD_BYTES } from "~/features/publish/photo-upload.server";
import { saveDraftStep1 } from "~/features/publish/save-draft-step1.server";
import { USER_RATE_LIMITS } from "~/server/rate-limit.server";
import { insertListing } from "~/testing/inserters.server";
import { createClient, startTestApp } from "../support/test-app";
import { testAppForFile } from "../support/test-app-for-file";
import { verifyEmailThroughOutbox } from "../support/verify-email";

/**
 * The publishing endpoints over real HTTP (Express + the React Router build): photo upload
 * and removal, 'Mes annonces' actions, editing, the wizard's action and live events. Each
 * refusal asserts the status AND that the database did not change.
 */
let jpeg: Uint8Array<ArrayBuffer>;

const ctx = testAppForFile({ withPlaces: true });
beforeAll(async () => {
  jpeg = new Uint8Array(await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2980b9" } }).jpeg().toBuffer());
});

const uniq = () => Math.random().toString(36).slice(2, 10);

async function signedUp() {
  const client = createClient(ctx.app.url);
  const email = `vendeur.${uniq()}@exemple.fr`;
  const { user } = await client.signUp(email);
  // Publishing needs a confirmed address: click the sign-up e-mail's link.
  await verifyEmailThroughOutbox(ctx.t, client, email);
  return { client, userId: user.id };
}

/** Every row the endpoints may touch, to prove a refused request changed nothing. */
async function snapshot(): Promise<string> {
  const rows = await ctx.t.db.select().from(listings).orderBy(asc(listings.id));
  const photos = await ctx.t.db.select().from(listingPhotos).orderBy(asc(listingPhotos.id));
  return JSON.stringify({ rows, photos });
}

function storedFiles(dir = path.join(ctx.app.dataDir, "uploads")): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

async function expectRefused(
  call: () => Promise<Response>,
  status: number,
  message?: string | RegExp,
): Promise<Response> {
  const before = await snapshot();
  const files = storedFiles().length;
  const response = await call();
  expect(response.status).toBe(status);
  if (message !== undefined) {
    const body = (await response.clone().json()) as { error: string };
    expect(body.error).toMatch(message);
  }
  expect(await snapshot()).toBe(before);
  expect(storedFiles()).toHaveLength(files);
  return response;
}

const upload = (client: ReturnType<typeof createClient>, listingId: string, body: BodyInit, init: RequestInit = {}) =>
  client.request(`/api/listings/${listingId}/photos`, {
    method: "POST",
    headers: { "content-type": "image/jpeg", accept: "application/json" },
    body,
    ...init,
  });

async function listing(id: string): Promise<Listing> {
  const [row] = await ctx.t.db.select().from(listings).where(eq(listings.id, id));
  if (!row) throw new Error(`annonce ${id} absente`);
  return row;
}

describe(`photo upload endpoint (${process.env.TEST_DB_ENGINE})`, () => {
  it("authorization matrix: anonymous 401, other user 403, owner 201 — nothing changes when refused", async () => {
    const owner = await signedUp();
    const other = await signedUp();
    const { listingId } = await saveDraftStep1({ db: ctx.t.db, userId: owner.userId, brand: "Peugeot", model: "208" });

    await expectRefused(() => upload(createClient(ctx.app.url), listingId, jpeg), 401, /connecté/);
    await expectRefused(() => upload(other.client, listingId, jpeg), 403, "Vous n'êtes pas autorisé à modifier cette annonce.");
    await expectRefused(() => upload(owner.client, "00000000-0000-4000-8000-000000000000", jpeg), 404, "Annonce non trouvée.");
    // A page of another site cannot upload with the seller's cookies (CSRF).
    await expectRefused(() => upload(owner.client, listingId, jpeg, { headers: { origin: "https://pirate.example", "content-type": "image/jpeg" } }), 403);

    const response = await upload(owner.client, listingId, jpeg);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { photo: { id: string; src: string; srcSet: string }; photoCount: number };
    expect(body.photoCount).toBe(1);
    expect(body.photo.src).toMatch(/^\/uploads\/listings\/.+\.webp$/);
    const rows = await ctx.t.db.select().from(listingPhotos).where(eq(listingPhotos.listingId, listingId));
    expect(rows).toHaveLength(1);
    const served = await owner.client.request(body.photo.src);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
  });

  it("refuses an oversized body with 413 before reading it all, and a fake image with 400", async () => {
    const owner = await signedUp();
    const { listingId } = await saveDraftStep1({ db: ctx.t.db, userId: owner.userId, brand: "Renault", model: "Clio" });
    const tooLarge = "La photo dépasse la taille maximale de 15 Mo.";

    // Announced by Content-Length: refused at once.
    await expectRefused(() => upload(owner.client, listingId, new Uint8Array(MAX_UPLOAD_BYTES + 1).fill(0xff)), 413, tooLarge);
    // Streamed without a length (chunked): refused as soon as the total passes the limit, though it never ends.
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1024 * 1024;
        controller.enqueue(new Uint8Array(1024 * 1024).fill(0xff));
      },
    });
    await expectRefused(() => upload(owner.client, listingId, endless, { duplex: "half" } as RequestInit), 413, tooLarge);
    expect(sent).toBeLessThan(MAX_UPLOAD_BYTES * 3);

    const html = new TextEncoder().encode("<!doctype html><html><body>pas une photo</body></html>");
    await expectRefused(() => upload(owner.client, listingId, html), 400, "Ce fichier n'est pas une image : envoyez une photo JPEG, PNG ou WebP.");
    await expectRefused(() => upload(owner.client, listingId, new Uint8Array(0)), 400, "Le fichier est vide : choisissez une photo.");
  });

  it("keeps at most 20 photos: a 21st is refused with 409 and a French message", async () => {
    const owner = await signedUp();
    const { listingId } = await saveDraftStep1({ db: ctx.t.db, userId: owner.userId, brand: "Tesla", model: "Model 3" });
    for (let i = 0; i < 20; i++) expect((await upload(owner.client, listingId, jpeg)).status).toBe(201);
    await expectRefused(() => upload(owner.client, listingId, jpeg), 409, "Vous ne pouvez pas ajouter plus de 20 photos.");
  });

  it("reorders photos and sets the main one (PUT, owner only; 401/403/404/409 change nothing)", async () => {
    const owner = await signedUp();
    const other = await signedUp();
    const { listingId } = await saveDraftStep1({ db: ctx.t.db, userId: owner.userId, brand: "Peugeot", model: "208" });
    for (let i = 0; i < 4; i++) expect((await upload(owner.client, listingId, jpeg)).status).toBe(201);
    const stored = await ctx.t.db
      .select()
      .from(listingPhotos)
      .where(eq(listingPhotos.listingId, listingId))
      .orderBy(asc(listingPhotos.position));
    const ids = stored.map((p) => p.id);
    const put = (client: ReturnType<typeof createClient>, body: unknown, id = listingId) =>
      client.request(`/api/listings/${id}/photos`, {
        method: "PUT",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
      });
    // The 4th photo becomes the main one ('Définir comme principale'), the others keep their order.
    const wanted = [ids[3]!, ids[0]!, ids[1]!, ids[2]!];
    await expectRefused(() => put(createClient(ctx.app.url), { photoIds: wanted }), 401);
    await expectRefused(() => put(other.client, { photoIds: wanted }), 403, "Vous n'êtes pas autorisé à modifier cette annonce.");
    await expectRefused(() => put(owner.client, { photoIds: wanted }, "00000000-0000-0000-0000-000000000000"), 404, "Annonce non trouvée.");
    await expectRefused(() => put(owner.client, { photoIds: "nope" }), 400, "L'ordre des photos est invalide.");
    // A stale order (a photo missing, or named twice) moves nothing.
    await expectRefused(() => put(owner.client, { photoIds: wanted.slice(0, 3) }), 409, /ont changé entre-temps/);
    await expectRefused(() => put(owner.client, { photoIds: [ids[0], ids[0], ids[1], ids[2]] }), 409);

    const response = await put(owner.client, { photoIds: wanted });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { photos: { id: string; position: number }[] };
    expect(body.photos.map((p) => [p.id, p.position])).toEqual(wanted.map((id, i) => [id, i]));
    const after = await ctx.t.db
      .select()
      .from(listingPhotos)
      .where(eq(listingPhotos.listingId, listingId))
      .orderBy(asc(listingPhotos.position));
    expect(after.map((p) => p.id)).toEqual(wanted);
    // Same rows (files, dates), new positions only.
    expect(after.map((p) => p.storageKey).sort()).toEqual(stored.map((p) => p.storageKey).sort());
  });

  it("rate-limits uploads per user with a French 429", async () => {
    // RATE_LIMIT_SCALE=0.1: 6 uploads per 10 minutes instead of 60.
    // Its sign-up limit is scaled down too: the session is opened on the main app (same database and secret).
    const limited = await startTestApp({ db: ctx.t, env: { RATE_LIMIT_SCALE: "0.1" } });
    try {
      const email = `limite.${uniq()}@exemple.fr`;
      const first = createClient(ctx.app.url);
      const { user } = await first.signUp(email);
      await verifyEmailThroughOutbox(ctx.t, first, email);
      const signIn = await createClient(ctx.app.url).signIn(email, "motdepasse-1");
      const cookie = signIn.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
      const { listingId } = await saveDraftStep1({ db: ctx.t.db, userId: user.id, brand: "Fiat", model: "500" });
      const client = createClient(limited.url);
      const request = (init: RequestInit) => client.request(`/api/listings/${listingId}/photos`, { ...init, headers: { cookie } });
      const fake = new TextEncoder().encode("pas une image");
      const allowed = Math.round(USER_RATE_LIMITS.photoUpload.limit * 0.1);
      for (let i = 0; i < allowed; i++) {
        const r = await request({ method: "POST", body: fake });
        expect(r.status).toBe(400);
      }
      const before = await snapshot();
      const refused = await request({ method: "POST", body: jpeg });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(((await refused.json()) as { error: string }).error).toBe(
        "Vous avez envoyé trop de photos en peu de temps. Réessayez dans 10 minutes.",
      );
      expect(await snapshot()).toBe(before);
    } finally {
      await limited.close();
    }
  });
});

describe(`photo removal endpoint (${process.env.TEST_DB_ENGINE})`, () => {
  it("authorization matrix: anonymous 401, other user 403, unknown photo 404, owner 200", async () => {
    const owner = await signedUp();
    const other = await signedUp();
    const { listingId } = await saveDraftStep1({ db: ctx.t.db, userId: owner.userId, brand: "Peugeot", model: "3008" });
    const uploaded = (await (await upload(owner.client, listingId, jpeg)).json()) as { photo: { id: string } };
    await upload(owner.client, listingId, jpeg);
    const path_ = `/api/listings/${listingId}/photos/${uploaded.photo.id}`;
    const remove = (client: ReturnType<typeof createClient>, url = path_) =>
      client.request(url, { method: "DELETE", headers: { accept: "application/json" } });

    await expectRefused(() => remove(createClient(ctx.app.url)), 401);
    await expectRefused(() => remove(other.client), 403, "Vous n'êtes pas autorisé à modifier cette annonce.");
    await expectRefused(() => remove(owner.client, `/api/listings/${listingId}/photos/pas-un-id`), 404, "Photo non trouvée.");

    const files = storedFiles().length;
    const response = await remove(owner.client);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { photos: { id: string; position: number }[] };
    expect(body.photos).toHaveLength(1);
    expect(body.photos[0]?.position).toBe(0);
    expect(storedFiles().length).toBeLessThan(files);
    expect(await ctx.t.db.select().from(listingPhotos).where(eq(listingPhotos.id, uploaded.photo.id))).toEqual([]);
  });
});

describe(`'Mes annonces' actions (${process.env.TEST_DB_ENGINE})`, () => {
  const post = (client: ReturnType<typeof createClient>, form: Record<string, string>) =>
    client.request("/hosting", { method: "POST", form });

  // A signed-out visitor is refused with a 401 and the page's sign-in prompt (so is the fetcher of a stale page).
  it("delete: anonymous refused, other user 403, owner moves it to 'Annonce supprimée'", async () => {
    const owner = await signedUp();
    const other = await signedUp();
    const row = await insertListing(ctx.t.db, owner.userId, { status: "pending" });
    const anonymous = await expectRefused(() => post(createClient(ctx.app.url), { intent: "delete", listingId: row.id }), 401);
    expect(await anonymous.text()).toContain("Veuillez vous connecter pour gérer vos annonces.");
    await expectRefused(() => post(other.client, { intent: "delete", listingId: row.id }), 403);
    const response = await post(owner.client, { intent: "delete", listingId: row.id });
    expect(response.status).toBe(200);
    expect((await listing(row.id)).status).toBe("deleted");
  });

  it("mark as sold: anonymous refused, other user 403, a pending listing 409, owner's published listing becomes sold", async () => {
    const owner = await signedUp();
    const other = await signedUp();
    const published = await insertListing(ctx.t.db, owner.userId, { status: "published" });
    const pending = await insertListing(ctx.t.db, owner.userId, { status: "pending", publishedAt: null });
    await expectRefused(() => post(createClient(ctx.app.url), { intent: "sold", listingId: published.id, channel: "occazio" }), 401);
    await expectRefused(() => post(other.client, { intent: "sold", listingId: published.id, channel: "occazio" }), 403);
    await expectRefused(() => post(owner.client, { intent: "sold", listingId: pending.id, channel: "occazio" }), 409);
    // 'Vendu sur Occazio ?' must be answered (issue 36).
    const unanswered = await expectRefused(() => post(owner.client, { intent: "sold", listingId: published.id }), 400);
    expect(await unanswered.text()).toContain("Indiquez si le véhicule a été vendu sur Occazio");
    expect((await listing(published.id)).status).toBe("published");
    expect((await post(owner.client, { intent: "sold", listingId: published.id, channel: "ailleurs" })).status).toBe(200);
    expect(await listing(published.id)).toMatchObject({ status: "sold", soldChannel: "ailleurs" });
    // Undone from 'Mes annonces' within 7 days; only by its seller.
    await expectRefused(() => post(other.client, { intent: "unsold", listingId: published.id }), 403);
    expect((await post(owner.client, { intent: "unsold", listingId: published.id })).status).toBe(200);
    expect(await listing(published.id)).toMatchObject({ status: "published", soldChannel: null, soldAt: null });
  });

  it("withdraw and restore (decision 0058): anonymous refused, other user 403, a pending listing 409, the owner's published listing goes offline and back", async () => {
    const owner = await signedUp();
    const other = await signedUp();
    const published = await insertListing(ctx.t.db, owner.userId, { status: "published" });
    const pending = await insertListing(ctx.t.db, owner.userId, { status: "pending", publishedAt: null });
    for (const intent of ["withdraw", "restore"]) {
      await expectRefused(() => post(createClient(ctx.app.url), { intent, listingId: published.id }), 401);
      await expectRefused(() => post(other.client, { intent, listingId: published.id }), 403);
      await expectRefused(() => post(owner.client, { intent, listingId: pending.id }), 409);
    }
    expect((await listing(published.id)).status).toBe("published");
    expect((await listing(pending.id)).status).toBe("pending");
    expect((await post(owner.client, { intent: "withdraw", listingId: published.id })).status).toBe(200);
    expect((await listing(published.id)).status).toBe("withdrawn");
    // Twice is harmless; a withdrawn listing is not edited until put back.
    expect((await post(owner.client, { intent: "withdraw", listingId: published.id })).status).toBe(200);
    await expectRefused(() => post(other.client, { intent: "restore", listingId: published.id }), 403);
    expect((await listing(published.id)).status).toBe("withdrawn");
    expect((await post(owner.client, { intent: "restore", listingId: published.id })).status).toBe(200);
    expect((await listing(published.id)).status).toBe("published");
  });

  it("pushes a 'listings-changed' event to the owner's open pages (server-sent events)", async () => {
    const owner = await signedUp();
    expect((await createClient(ctx.app.url).request("/api/events")).status).toBe(401);
    const row = await insertListing(ctx.t.db, owner.userId, { status: "pending" });
    const controller = new AbortController();
    const stream = await owner.client.request("/api/events", { signal: controller.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(stream.headers.get("content-encoding")).toBeNull();
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let received = decoder.decode((await reader.read()).value);
    expect(received).toContain("retry: 5000");
    await expect.poll(() => ctx.app.services.events.listenerCount(owner.userId)).toBe(1);

    await post(owner.client, { intent: "delete", listingId: row.id });
    while (!received.includes("event: listings-changed")) {
      const chunk = await reader.read();
      if (chunk.done) break;
      received += decoder.decode(chunk.value);
    }
    expect(received).toContain('event: listings-changed\ndata: {"type":"listings-changed"}');
    controller.abort();
    // The server lets go of the subscription when the browser disconnects.
    await expect.poll(() => ctx.app.services.events.listenerCount(owner.userId)).toBe(0);
  });
});

describe(`editing over HTTP (${process.env.TEST_DB_ENGINE})`, () => {
  const edit = (client: ReturnType<typeof createClient>, id: string, form: Record<string, string>, headers: HeadersInit = {}) =>
    client.request(`/edit-annonce/${id}`, { method: "POST", form, headers });
  const values = {
    brand: "Renault",
    model: "Clio",
    price: "9900",
    postalCode: "75011",
    city: "Paris 11e",
    latitude: "48.86",
    longitude: "2.38",
    description: "Révisée, pneus neufs.",
    mileage: "61000",
  };

  it("refuses another user's read and write (redirect with the message; 403 for JSON clients), nothing changed", async () => {
    const owner = await signedUp();
    const other = await signedUp();
    const row = await insertListing(ctx.t.db, owner.userId, { status: "published" });

    const read = await other.client.request(`/edit-annonce/${row.id}`);
    expect(read.status).toBe(302);
    expect(read.headers.get("location")).toBe("/hosting?erreur=interdit");
    const unknown = await other.client.request("/edit-annonce/00000000-0000-4000-8000-000000000000");
    expect(unknown.headers.get("location")).toBe("/hosting?erreur=introuvable");

    const before = await snapshot();
    const write = await edit(other.client, row.id, values);
    expect(write.status).toBe(302);
    expect(write.headers.get("location")).toBe("/hosting?erreur=interdit");
    const json = await edit(other.client, row.id, values, { accept: "application/json" });
    expect(json.status).toBe(403);
    const anonymous = await edit(createClient(ctx.app.url), row.id, values);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/");
    expect(await snapshot()).toBe(before);
  });

  it("saves the owner's changes, keeps a published listing published and ignores owner/status/counters", async () => {
    const owner = await signedUp();
    const other = await signedUp();
    const row = await insertListing(ctx.t.db, owner.userId, { status: "published" });
    const response = await edit(owner.client, row.id, {
      ...values,
      status: "pending",
      ownerId: other.userId,
      clickCount: "9999",
    });
    expect(response.status).toBe(302);
    // A published listing: the price applies at once, the rest waits for a moderator.
    expect(response.headers.get("location")).toBe("/hosting?onglet=publiees&message=modification-a-valider");
    const after = await listing(row.id);
    expect(after).toMatchObject({
      brand: row.brand,
      model: row.model,
      price: 9900,
      mileage: row.mileage,
      status: "published",
      ownerId: owner.userId,
      city: row.city,
    });
    const [revision] = await ctx.t.db.select().from(listingRevisions).where(eq(listingRevisions.listingId, row.id));
    // The approved version plus the pending changes is what the seller submitted.
    expect({ ...row, ...revision?.changes }).toMatchObject({ brand: "Renault", model: "Clio", mileage: 61000, city: "Paris 11e" });
  });

  it("answers invalid values with 400 and changes nothing", async () => {
    const owner = await signedUp();
    const row = await insertListing(ctx.t.db, owner.userId, { status: "pending", publishedAt: null });
    const before = await snapshot();
    const response = await edit(owner.client, row.id, { ...values, price: "0" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Le prix doit être un nombre supérieur ou égal à 1.");
    expect(await snapshot()).toBe(before);
  });
});

describe(`the wizard's action (${process.env.TEST_DB_ENGINE})`, () => {
  it("validates on the server too: anonymous 401 and empty fields 400 create nothing", async () => {
    const before = await snapshot();
    const anonymous = await createClient(ctx.app.url).request("/publish", { method: "POST", form: { step: "1", brand: "Peugeot", model: "208" } });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toContain("Vous devez être connecté pour publier une annonce.");
    const owner = await signedUp();
    const empty = await owner.client.request("/publish", { method: "POST", form: { step: "1", brand: " ", model: "" } });
    expect(empty.status).toBe(400);
    const html = await empty.text();
    expect(html).toContain("La marque est obligatoire.");
    expect(html).toContain("Le modèle est obligatoire.");
    expect(await snapshot()).toBe(before);

    const created = await owner.client.request("/publish", { method: "POST", form: { step: "1", brand: "peugeot", model: "208" } });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/publish?etape=2");
    const [draft] = await ctx.t.db.select().from(listings).where(eq(listings.ownerId, owner.userId));
    expect(draft).toMatchObject({ brand: "Peugeot", model: "208", status: "draft", draftStep: 2 });
  });
});

import http from "node:http";
import net from "node:net";
import os from "node:os";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { openDatabase } from "~/db/client.server";
import { listingPhotos, listings } from "~/db/schema";
import { applyDemoPassword } from "~/features/demo/demo-accounts.server";
import { DEMO_PASSWORD } from "~/features/demo/demo-seed.server";
import { variantKey } from "~/features/listings/photo-variants";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { createClient, startTestApp, type TestApp } from "../support/test-app";

const engine = process.env.TEST_DB_ENGINE ?? "pglite";
let t: TestDatabase;
let app: TestApp;
beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp({ db: t });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const uniq = () => Math.random().toString(36).slice(2, 10);

/** This machine's first non-loopback address: a client connecting through it is not "local". */
function externalAddress(): string | null {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const i of list ?? []) if (!i.internal && i.family === "IPv4") return i.address;
  }
  return null;
}

/** Sends `totalBytes` in 64 KiB chunks without Content-Length (chunked), stops when answered. */
function streamBody(url: string, options: { totalBytes: number; contentType: string; origin: string; declaredLength?: number }) {
  return new Promise<{ status: number; body: string; sentBytes: number }>((resolve, reject) => {
    const headers: Record<string, string> = { "content-type": options.contentType, origin: options.origin };
    if (options.declaredLength !== undefined) headers["content-length"] = String(options.declaredLength);
    const req = http.request(url, { method: "POST", headers });
    let sent = 0;
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024, "a");
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.on("data", (d: Buffer) => (body += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, sentBytes: sent }));
    });
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      while (!answered && sent < options.totalBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe(`the e-mail outbox is for the operator only (${engine})`, () => {
  it("serves /dev/outbox to a client on this machine, and 404 to a client from another address", async () => {
    const address = externalAddress();
    expect(address, "this test needs a non-loopback network interface").not.toBeNull();
    // The address is one of the site's names (ALLOWED_HOSTS): the refusal below is the outbox's
    // own (a remote client), not the host check's 421 (host-allowlist.test.ts).
    const open = await startTestApp({ db: t, host: "0.0.0.0", env: { ALLOWED_HOSTS: address! } });
    onTestFinished(() => open.close());
    const local = await fetch(`http://127.0.0.1:${open.port}/dev/outbox`);
    expect(local.status).toBe(200);
    const remote = await fetch(`http://${address}:${open.port}/dev/outbox`);
    expect(remote.status).toBe(404);
    expect(await remote.text()).not.toContain("Boîte d'envoi");
    // A forged forwarding header does not make a remote client local.
    const forged = await fetch(`http://${address}:${open.port}/dev/outbox`, { headers: { "x-forwarded-for": "127.0.0.1" } });
    expect(forged.status).toBe(404);
  });

  it("never serves the outbox when PUBLIC_URL is not local, even on loopback", async () => {
    const publicSite = await startTestApp({ db: t, env: { PUBLIC_URL: "https://occazio.example" } });
    onTestFinished(() => publicSite.close());
    expect((await fetch(`http://127.0.0.1:${publicSite.port}/dev/outbox`)).status).toBe(404);
  });
});

describe(`demo accounts (${engine})`, () => {
  it("stop accepting the published password once given the install's own", async () => {
    const email = "vendeur@occazio.local";
    await insertUser(t.db, { email, password: DEMO_PASSWORD });
    const client = createClient(app.url);
    expect((await client.signIn(email, DEMO_PASSWORD)).status).toBe(200);
    expect(await applyDemoPassword(t.db, "mot-de-passe-de-cette-installation")).toBe(true);
    // Same password again: nothing to do.
    expect(await applyDemoPassword(t.db, "mot-de-passe-de-cette-installation")).toBe(false);
    expect((await createClient(app.url).signIn(email, DEMO_PASSWORD)).status).toBe(401);
    expect((await createClient(app.url).signIn(email, "mot-de-passe-de-cette-installation")).status).toBe(200);
  });
});

describe(`origins (${engine})`, () => {
  it("signs in from http://localhost and http://127.0.0.1 alike, and refuses another site", async () => {
    const email = `origine.${uniq()}@exemple.fr`;
    await createClient(app.url).signUp(email);
    for (const origin of [`http://localhost:${app.port}`, `http://127.0.0.1:${app.port}`]) {
      const response = await createClient(app.url).request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { origin },
        json: { email, password: "motdepasse-1" },
      });
      expect(response.status, origin).toBe(200);
    }
    const foreign = await createClient(app.url).request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { origin: "http://localhost.attaquant.example" },
      json: { email, password: "motdepasse-1" },
    });
    expect(foreign.status).toBe(403);
  });
});

describe(`request bodies (${engine})`, () => {
  it("refuses oversized bodies with a French 413 while streaming, on every kind of route, and stays responsive", async () => {
    const [owner] = [await insertUser(t.db)];
    const listing = await insertListing(t.db, owner.id, { status: "published" });
    const targets: [string, string][] = [
      ["/api/favorites", "application/json"],
      [`/api/listings/${listing.id}/report`, "application/x-www-form-urlencoded"],
      ["/publish", "multipart/form-data; boundary=x"],
      ["/api/auth/sign-in/email", "application/json"],
    ];
    for (const [pathname, contentType] of targets) {
      const answer = await streamBody(app.url + pathname, { totalBytes: 50 * 1024 * 1024, contentType, origin: app.url });
      expect(answer.status, pathname).toBe(413);
      expect(answer.body, pathname).toContain("trop volumineuse");
      // Refused early: far less than the 50 MB the client was ready to send.
      expect(answer.sentBytes, pathname).toBeLessThan(8 * 1024 * 1024);
      const healthz = await fetch(`${app.url}/healthz`);
      expect(healthz.status).toBe(200);
    }
    // A declared length above the limit is refused before anything is read.
    const declared = await streamBody(`${app.url}/api/favorites`, {
      totalBytes: 0,
      declaredLength: 200 * 1024 * 1024,
      contentType: "application/json",
      origin: app.url,
    });
    expect(declared.status).toBe(413);
  });

  it("answers 400, never 500, to a NUL byte in a text field or a body of no or the wrong type", async () => {
    const owner = await insertUser(t.db);
    const listing = await insertListing(t.db, owner.id, { status: "published" });
    const client = createClient(app.url);
    const nulSignUp = await client.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { email: `nul.${uniq()}@exemple.fr`, password: "motdepasse-1", name: "A\u0000B", displayName: "Camille" },
    });
    expect(nulSignUp.status).toBe(400);
    expect(((await nulSignUp.json()) as { error: string }).error).toContain("caractère interdit");
    const nulReport = await client.request(`/api/listings/${listing.id}/report`, {
      method: "POST",
      form: { reason: "fraude", details: "bonjour\u0000" },
    });
    expect(nulReport.status).toBe(400);
    for (const headers of [{}, { "content-type": "text/xml" }] as Record<string, string>[]) {
      const response = await fetch(`${app.url}/publish`, {
        method: "POST",
        headers: { origin: app.url, ...headers },
        body: new Uint8Array(Buffer.from("step=1&brand=Peugeot")),
      });
      expect(response.status, JSON.stringify(headers)).toBe(400);
      expect(await response.text()).toContain("type de contenu");
    }
  });
});

describe(`caching of private answers (${engine})`, () => {
  it("sends Cache-Control: private, no-store on account pages and to signed-in visitors", async () => {
    const anonymous = createClient(app.url);
    for (const pathname of ["/wishlists", "/account", "/hosting", "/messages", "/moderation"]) {
      const response = await anonymous.request(pathname);
      expect(response.headers.get("cache-control"), pathname).toBe("private, no-store");
    }
    const publicPage = await anonymous.request("/recherche");
    expect(publicPage.headers.get("cache-control") ?? "").not.toContain("no-store");

    const signedIn = createClient(app.url);
    await signedIn.signUp(`cache.${uniq()}@exemple.fr`);
    const personal = await signedIn.request("/recherche");
    expect(personal.status).toBe(200);
    expect(personal.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe(`what crawlers may index (${engine})`, () => {
  const robotsMeta = (html: string) => html.match(/<meta name="robots" content="([^"]*)"/)?.[1] ?? null;

  it("indexes the signed-out /publish, marks member pages noindex for crawlers and lets them read it", async () => {
    const anonymous = createClient(app.url);
    const publish = await anonymous.request("/publish");
    expect(publish.status).toBe(200);
    const publishHtml = await publish.text();
    expect(publishHtml).toContain("Déposer une annonce");
    expect(robotsMeta(publishHtml)).toBeNull();
    // Its variants are not pages of their own.
    expect(robotsMeta(await (await anonymous.request("/publish?etape=3")).text())).toBe("noindex");
    expect(robotsMeta(await (await anonymous.request("/publish?publiee=en-attente")).text())).toBe("noindex");
    // What a crawler gets of a member page: a sign-in prompt, not to be indexed.
    for (const pathname of ["/wishlists", "/messages", "/recherches", "/hosting"]) {
      const page = await anonymous.request(pathname, { redirect: "manual" });
      // A page with its sign-in prompt (401 where the page says so), not a redirect.
      expect([200, 401], pathname).toContain(page.status);
      expect(robotsMeta(await page.text()), pathname).toBe("noindex");
    }
    // robots.txt must not hide those tags from crawlers; the API and the sign-in callbacks stay closed.
    const robots = await (await anonymous.request("/robots.txt")).text();
    const disallowed = robots.split("\n").filter((line) => line.startsWith("Disallow:")).map((line) => line.slice(9).trim());
    for (const pathname of ["/publish", "/wishlists", "/messages", "/recherches", "/hosting"]) {
      expect(disallowed.some((prefix) => pathname.startsWith(prefix)), pathname).toBe(false);
    }
    expect(disallowed).toEqual(expect.arrayContaining(["/api/", "/connexion/"]));
  });

  it("leaves the tag off a member's own page, which is private and never reaches a crawler", async () => {
    const member = createClient(app.url);
    await member.signUp(`robots.${uniq()}@exemple.fr`);
    const headings: Record<string, string> = { "/wishlists": "Mes Favoris", "/messages": "Messages", "/recherches": "Mes recherches", "/hosting": "Mes annonces" };
    for (const [pathname, heading] of Object.entries(headings)) {
      const response = await member.request(pathname);
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get("cache-control"), pathname).toBe("private, no-store");
      const html = await response.text();
      expect(html, pathname).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      expect(html, pathname).not.toMatch(/Veuillez vous connecter|Connectez-vous pour/);
      expect(robotsMeta(html), pathname).toBeNull();
    }
  });
});

describe(`photos of deleted listings (${engine})`, () => {
  it("are served to the seller only, once the listing is deleted; removed photos to no one", async () => {
    const seller = createClient(app.url);
    const { user: sellerUser } = await seller.signUp(`photos.${uniq()}@exemple.fr`);
    const listing = await insertListing(t.db, sellerUser.id, { status: "published" });
    const storageKey = `listings/${listing.id}/${uniq()}`;
    await t.db.insert(listingPhotos).values({
      listingId: listing.id,
      position: 0,
      storageKey,
      width: 480,
      height: 360,
      variantWidths: [480],
    });
    const file = path.join(app.dataDir, "uploads", variantKey(storageKey, 480));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.from("RIFF0000WEBP"));
    const url = `/uploads/${variantKey(storageKey, 480)}`;

    expect((await fetch(app.url + url)).status).toBe(200);
    await t.db.update(listings).set({ status: "deleted" }).where(eq(listings.id, listing.id));
    expect((await fetch(app.url + url)).status).toBe(404);
    const own = await seller.request(url);
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    const stranger = createClient(app.url);
    await stranger.signUp(`curieux.${uniq()}@exemple.fr`);
    expect((await stranger.request(url)).status).toBe(404);

    await t.db.delete(listingPhotos).where(eq(listingPhotos.listingId, listing.id));
    expect((await seller.request(url)).status).toBe(404);
  });

  it("are served to the seller only while the listing is pending, rejected or sold (published only for the public; a sold listing's first photo for its sold page)", async () => {
    const seller = createClient(app.url);
    const { user: sellerUser } = await seller.signUp(`attente.${uniq()}@exemple.fr`);
    const listing = await insertListing(t.db, sellerUser.id, { status: "pending" });
    const storageKey = `listings/${listing.id}/${uniq()}`;
    await t.db.insert(listingPhotos).values({ listingId: listing.id, position: 0, storageKey, width: 480, height: 360, variantWidths: [480] });
    const file = path.join(app.dataDir, "uploads", variantKey(storageKey, 480));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.from("RIFF0000WEBP"));
    const url = `/uploads/${variantKey(storageKey, 480)}`;

    // A second photo: never shown by the sold page.
    const secondKey = `listings/${listing.id}/${uniq()}`;
    await t.db.insert(listingPhotos).values({ listingId: listing.id, position: 1, storageKey: secondKey, width: 480, height: 360, variantWidths: [480] });
    fs.writeFileSync(path.join(app.dataDir, "uploads", variantKey(secondKey, 480)), Buffer.from("RIFF0000WEBP"));
    const second = `/uploads/${variantKey(secondKey, 480)}`;
    for (const status of ["pending", "rejected", "sold"] as const) {
      await t.db.update(listings).set({ status }).where(eq(listings.id, listing.id));
      for (const photo of status === "sold" ? [second] : [url, second]) {
        const anonymous = await fetch(app.url + photo);
        expect(anonymous.status, status).toBe(404);
        expect(anonymous.headers.get("cache-control"), status).toBe("no-store");
        const own = await seller.request(photo);
        expect(own.status, status).toBe(200);
        expect(own.headers.get("cache-control"), status).toBe("private, no-store");
      }
    }
    // Sold: the first photo is the sold page's, for anyone.
    expect((await fetch(app.url + url)).status).toBe(200);
    await t.db.update(listings).set({ status: "published" }).where(eq(listings.id, listing.id));
    const published = await fetch(app.url + url);
    expect(published.status).toBe(200);
    expect(published.headers.get("cache-control")).toContain("immutable");
  });
});

describe(`client address for rate limits (${engine})`, () => {
  it("ignores X-Forwarded-For unless TRUST_PROXY names the proxy", async () => {
    const strict = await startTestApp({ db: t, env: { RATE_LIMIT_SCALE: "1" } });
    onTestFinished(() => strict.close());
    const email = `xff.${uniq()}@exemple.fr`;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await createClient(strict.url).request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "x-forwarded-for": `203.0.113.${i + 1}` },
        json: { email, password: "mauvais-mot-de-passe-1" },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(10)).toEqual([429, 429]);

    const behindProxy = await startTestApp({ db: t, env: { RATE_LIMIT_SCALE: "1", TRUST_PROXY: "loopback" } });
    onTestFinished(() => behindProxy.close());
    const proxied: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await createClient(behindProxy.url).request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
        json: { email, password: "mauvais-mot-de-passe-1" },
      });
      proxied.push(response.status);
    }
    // Behind a trusted proxy each forwarded client has its own allowance.
    expect(proxied.every((s) => s === 401)).toBe(true);
  });
});

describe(`live-event streams (${engine})`, () => {
  it("caps the streams one account can hold open", async () => {
    const client = createClient(app.url);
    await client.signUp(`flux.${uniq()}@exemple.fr`);
    const controllers: AbortController[] = [];
    onTestFinished(() => controllers.forEach((c) => c.abort()));
    for (let i = 0; i < 10; i++) {
      const controller = new AbortController();
      controllers.push(controller);
      const response = await client.request("/api/events", { signal: controller.signal });
      expect(response.status).toBe(200);
      // The first bytes arrive once the stream is subscribed.
      await response.body!.getReader().read();
    }
    const refused = await client.request("/api/events");
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toContain("Trop de pages ouvertes");
    controllers.shift()!.abort();
    await expect.poll(async () => {
      const again = await client.request("/api/events");
      const status = again.status;
      await again.body?.cancel();
      return status;
    }).toBe(200);
  });
});

describe.runIf(engine === "postgres")("PostgreSQL connections lost", () => {
  it("survives pg_terminate_backend: the pool reconnects and the next request succeeds", async () => {
    expect((await fetch(`${app.url}/recherche`)).status).toBe(200);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const { rowCount } = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [t.name]);
    await admin.end();
    expect(rowCount).toBeGreaterThan(0);
    await expect.poll(async () => (await fetch(`${app.url}/recherche`)).status).toBe(200);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });

  it("answers 503 with Retry-After and a French page during an outage, then recovers", async () => {
    // A real TCP hop between the app and PostgreSQL that the test can cut and restore.
    const sockets = new Set<net.Socket>();
    const proxy = net.createServer((client) => {
      const upstream = net.connect(5432, "127.0.0.1");
      sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      const close = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on("error", close).on("close", close);
      upstream.on("error", close).on("close", close);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const port = (proxy.address() as net.AddressInfo).port;
    const url = new URL(process.env.DATABASE_URL!);
    url.host = `127.0.0.1:${port}`;
    url.pathname = `/${t.name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2, onPoolError: () => {} });
    const viaProxy = await startTestApp({ db: { ...handle, name: t.name } });
    onTestFinished(async () => {
      await viaProxy.close();
      await handle.close();
    });
    expect((await fetch(`${viaProxy.url}/recherche`)).status).toBe(200);

    await new Promise<void>((resolve) => {
      proxy.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
    const page = await fetch(`${viaProxy.url}/recherche`);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await page.text()).toContain("Service momentanément indisponible");

    await new Promise<void>((resolve) => proxy.listen(port, "127.0.0.1", resolve));
    onTestFinished(() => new Promise<void>((resolve) => proxy.close(() => resolve())));
    await expect.poll(async () => (await fetch(`${viaProxy.url}/recherche`)).status, { timeout: 15_000 }).toBe(200);
  });
});

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { favorites, listings } from "~/db/schema";
import { lookupPostalCode } from "~/features/places/places.server";
import { MAX_PAGE, PAGE_SIZE } from "~/features/search/search-params";
import type { MapCard, MapPointsResult } from "~/features/search/search-types";
import { buildListing, type BuiltPlace } from "~/testing/builders";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createClient, startTestApp, type TestApp } from "../support/test-app";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * /recherche and the map endpoints over HTTP (the production build in the real Express app):
 * whatever the query string, a page (200) or a clear refusal, never a 500; the map payload and
 * the info card.
 */

let t: TestDatabase;
let app: TestApp;
const ids: Record<string, string> = {};

async function placeOf(postalCode: string): Promise<BuiltPlace> {
  const [place] = await lookupPostalCode({ db: t.db, postalCode });
  if (!place) throw new Error(`code postal absent du référentiel : ${postalCode}`);
  return place;
}

beforeAll(async () => {
  t = await createTestDatabase({ withPlaces: true });
  app = await startTestApp({ db: t });
  const seller = await insertUser(t.db, { canSignIn: false });
  const start = Date.UTC(2026, 10, 1, 12);
  const fixtures = [
    { name: "lyon", brand: "Peugeot", model: "208", fuel: "Essence", price: 12_000, place: "69001" },
    { name: "villeurbanne", brand: "Peugeot", model: "208", fuel: "Diesel", price: 9_000, place: "69100" },
    { name: "marseille", brand: "Peugeot", model: "3008", fuel: "Hybride", price: 25_000, place: "13001" },
    { name: "paris", brand: "Renault", model: "Zoé", fuel: "Electrique", price: 14_000, place: "75011" },
  ];
  for (const [i, { name, place, ...fields }] of fixtures.entries()) {
    const when = new Date(start - i * 60_000);
    const row = await insertListing(t.db, seller.id, {
      ...fields,
      place: await placeOf(place),
      createdAt: when,
      publishedAt: when,
    });
    ids[name] = row.id;
  }
  // Enough Dacias for two pages.
  const toulouse = await placeOf("31000");
  for (let i = 0; i < 26; i++) {
    const when = new Date(start - (100 + i) * 60_000);
    await insertListing(t.db, seller.id, {
      brand: "Dacia",
      model: "Sandero",
      price: 5_000 + i * 100,
      place: toulouse,
      createdAt: when,
      publishedAt: when,
    });
  }
  const pending = await insertListing(t.db, seller.id, {
    brand: "Peugeot",
    model: "208",
    status: "pending",
    publishedAt: null,
  });
  ids.pending = pending.id;
});

afterAll(async () => {
  await app?.close();
  await t?.close();
});

const publishedCount = async () =>
  Number(
    (
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(listings)
        .where(eq(listings.status, "published"))
    )[0]?.n,
  );

/** French text as the page shows it: entities decoded, React's text separators removed. */
function text(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

describe(`GET /recherche (${process.env.TEST_DB_ENGINE})`, () => {
  it("renders the matching listings, the count, the title and a canonical URL without sort or page 1", async () => {
    const client = createClient(app.url);
    const response = await client.request("/recherche?brand=peugeot&model=208&sort=price_asc&page=1");
    expect(response.status).toBe(200);
    const html = text(await response.text());
    expect(html).toContain("<title>Peugeot 208 d'occasion | Occazio</title>");
    expect(html).toContain("2 annonces");
    expect(html).toContain(`/annonce/${ids.lyon}/`);
    expect(html).toContain(`/annonce/${ids.villeurbanne}/`);
    expect(html).not.toContain(`/annonce/${ids.marseille}/`);
    expect(html).not.toContain(`/annonce/${ids.pending}/`);
    expect(html).toMatch(
      /<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/recherche\?brand=Peugeot&model=208"\/>/,
    );
    expect(html).not.toContain('name="robots"');
  });

  it("paginates with real links and marks the current page", async () => {
    const client = createClient(app.url);
    const html = text(await (await client.request("/recherche?brand=Dacia")).text());
    expect(html).toContain("26 annonces");
    expect(html).toMatch(/<a(?=[^>]*href="\/recherche\?brand=Dacia&page=2")[^>]*>Suivant ›<\/a>/);
    expect(html).toMatch(/<a(?=[^>]*href="\/recherche\?brand=Dacia")(?=[^>]*aria-current="page")[^>]*>1<\/a>/);
    const second = text(await (await client.request("/recherche?brand=Dacia&page=2")).text());
    expect(second).toMatch(/<a(?=[^>]*href="\/recherche\?brand=Dacia&page=2")(?=[^>]*aria-current="page")[^>]*>2<\/a>/);
    expect(second).toMatch(/<a(?=[^>]*href="\/recherche\?brand=Dacia")[^>]*>‹ Précédent<\/a>/);
    expect(second.match(/<article/g)).toHaveLength(2);
  });

  it("deep pages: the last linked page answers, any page past it is 404 (never an OFFSET past the cap)", async () => {
    const client = createClient(app.url);
    expect((await client.request("/recherche?brand=Dacia&page=2")).status).toBe(200);
    for (const path of [
      "/recherche?brand=Dacia&page=3",
      "/recherche?brand=Dacia&page=5000",
      "/recherche?page=418",
      "/recherche?brand=Lada&page=2",
    ]) {
      const response = await client.request(path);
      expect(response.status, path).toBe(404);
      expect(text(await response.text())).toContain("La page que vous cherchez n'existe pas");
    }
    // No match at all: page 1 still answers, with "0 annonce".
    expect((await client.request("/recherche?brand=Lada")).status).toBe(200);
  });

  it("radius: around 69001 within 50 km finds Lyon and Villeurbanne, not Marseille", async () => {
    const client = createClient(app.url);
    const html = text(await (await client.request("/recherche?postalCode=69001&radius=50")).text());
    expect(html).toContain(`/annonce/${ids.lyon}/`);
    expect(html).toContain(`/annonce/${ids.villeurbanne}/`);
    expect(html).not.toContain(`/annonce/${ids.marseille}/`);
    expect(html).toContain("Autour de 69001 (50 km)");
  });

  const BAD_QUERIES: [string, string | RegExp][] = [
    ["radius=abc&postalCode=69001", "Le rayon doit être un nombre de kilomètres : 100 km utilisés."],
    ["price=-5", /Le prix maximum doit être un nombre entier d'euros/],
    ["postalCode=7501", "Le code postal doit comporter exactement 5 chiffres : il a été ignoré."],
    ["postalCode=99999", "Le code postal 99999 est introuvable"],
    ["fuel=Plutonium", "Carburant inconnu, ignoré : « Plutonium »."],
    [`brand=${"a".repeat(10_240)}`, "Le paramètre « brand » est trop long : il a été ignoré."],
    [`models=${"x,".repeat(5_000)}`, "Le paramètre « models » est trop long : il a été ignoré."],
    ["brand=' OR 1=1 --", "La marque demandée n'est pas valide : elle a été ignorée."],
    ["model=208'; DROP TABLE listings; --&brand=Peugeot", "Le modèle demandé n'est pas valide : il a été ignoré."],
    ["postalCode=69001' OR '1'='1", "Le code postal doit comporter exactement 5 chiffres"],
    ["price=1 OR 1=1", /Le prix maximum doit être un nombre entier/],
    ["sort=price_asc;DELETE FROM listings", "Tri inconnu"],
    ["page=-1", "Le numéro de page doit être un entier positif"],
    ["page=99999999999", "Le numéro de page doit être un entier positif"],
    ["radius=1e9&postalCode=69001", "Le rayon doit être un nombre de kilomètres"],
    ["radius=5000&postalCode=69001", "Le rayon va de 10 à 200 km par pas de 10 : 200 km utilisés."],
    ["yearMin=abc&yearMax=1800", "L'année minimum doit être comprise entre 1900"],
    ["mileageMax=-1", "Le kilométrage maximum doit être un nombre entier"],
    ["brand=%00&model=%00", "La marque demandée n'est pas valide"],
    ["vehicleType=<script>alert(1)</script>", "Type de véhicule inconnu, ignoré : « <script>alert(1)</script> »."],
  ];

  for (const [query, message] of BAD_QUERIES) {
    it(`"${query.slice(0, 60)}" answers 200 with a French explanation, never 500`, async () => {
      const client = createClient(app.url);
      const response = await client.request(
        `/recherche?${query.replace(/ /g, "%20").replace(/'/g, "%27").replace(/</g, "%3C").replace(/>/g, "%3E").replace(/;/g, "%3B")}`,
      );
      expect(response.status).toBe(200);
      const html = await response.text();
      // User input is escaped, never markup.
      expect(html).not.toContain("<script>alert(1)</script>");
      const page = text(html);
      if (typeof message === "string") expect(page).toContain(message);
      else expect(page).toMatch(message);
      expect(page).toContain('<meta name="robots" content="noindex, follow"/>');
    });
  }

  it("odd but harmless URLs still answer a page: repeated, empty, badly encoded parameters", async () => {
    const client = createClient(app.url);
    for (const query of [
      "brand=Peugeot&brand=Renault",
      "brand=&model=&fuel=",
      "brand=%E0%A4%A",
      "vue=satellite",
      "sort=",
      "energies=,,,",
      "unknown=1",
    ]) {
      const response = await client.request(`/recherche?${query}`);
      expect(response.status, query).toBe(200);
    }
    expect(await publishedCount()).toBe(30);
  });
});

describe(`GET /api/search/map (${process.env.TEST_DB_ENGINE})`, () => {
  it("returns compact points for every match, with a short public cache", async () => {
    const client = createClient(app.url);
    const response = await client.request("/api/search/map?brand=Peugeot");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=30");
    const body = (await response.json()) as MapPointsResult;
    expect(body.truncated).toBe(false);
    expect(body.errors).toEqual([]);
    expect(body.points.map(([id]) => id).sort()).toEqual([ids.lyon, ids.villeurbanne, ids.marseille].sort());
    for (const [, latitude, longitude, price] of body.points) {
      expect(latitude).toBeGreaterThan(40);
      expect(longitude).toBeGreaterThan(-5);
      expect(price).toBeGreaterThan(0);
    }
  });

  it("radius search: Villeurbanne in, Marseille out, with the centre", async () => {
    const client = createClient(app.url);
    const body = (await (await client.request("/api/search/map?postalCode=69001&radius=50")).json()) as MapPointsResult;
    const found = body.points.map(([id]) => id);
    expect(found).toContain(ids.villeurbanne);
    expect(found).not.toContain(ids.marseille);
    expect(body.center?.latitude).toBeCloseTo(45.77, 1);
  });

  it("bad parameters are ignored with French messages, never a 500", async () => {
    const client = createClient(app.url);
    for (const query of [
      "radius=abc&postalCode=69001",
      "price=-5",
      "postalCode=7501",
      "fuel=Plutonium",
      `brand=${"b".repeat(10_240)}`,
      "brand=' OR 1=1 --",
      "postalCode=99999",
    ]) {
      const response = await client.request(`/api/search/map?${query.replace(/ /g, "%20").replace(/'/g, "%27")}`);
      expect(response.status, query).toBe(200);
      const body = (await response.json()) as MapPointsResult;
      expect(body.errors.length, query).toBeGreaterThan(0);
    }
  });
});

describe(`GET /api/search/map-card/:id (${process.env.TEST_DB_ENGINE})`, () => {
  it("returns the info card of a published listing, and whether the visitor saved it", async () => {
    const client = createClient(app.url);
    const response = await client.request(`/api/search/map-card/${ids.lyon}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = (await response.json()) as { card: MapCard; favorite: boolean };
    expect(body.card).toMatchObject({
      id: ids.lyon,
      brand: "Peugeot",
      model: "208",
      price: 12_000,
      city: "Lyon 1er",
      postalCode: "69001",
    });
    expect(body.favorite).toBe(false);

    const buyer = await insertUser(t.db);
    await t.db.insert(favorites).values({ userId: buyer.id, listingId: ids.lyon! });
    const signedIn = createClient(app.url);
    expect((await signedIn.signIn(buyer.email, buyer.password)).status).toBe(200);
    const mine = (await (await signedIn.request(`/api/search/map-card/${ids.lyon}`)).json()) as { favorite: boolean };
    expect(mine.favorite).toBe(true);
  });

  it("answers 404 for unknown, malformed and unpublished listings", async () => {
    const client = createClient(app.url);
    for (const id of ["00000000-0000-0000-0000-000000000000", "pas-un-id", "1%27%20OR%201%3D1", ids.pending!]) {
      const response = await client.request(`/api/search/map-card/${id}`);
      expect(response.status, id).toBe(404);
      expect(await response.json()).toEqual({ error: "Annonce introuvable." });
    }
  });
});

describe(`GET /recherche: the pagination stops at the last linked page (${process.env.TEST_DB_ENGINE})`, () => {
  // More matches than the MAX_PAGE pages of 24 hold: 2 400 + 30 Lancias.
  const extra = MAX_PAGE * PAGE_SIZE + 30;

  beforeAll(async () => {
    const seller = await insertUser(t.db, { canSignIn: false });
    const place = await placeOf("31000");
    const start = Date.UTC(2026, 9, 1, 12);
    const rows = Array.from({ length: extra }, (_, i) => ({
      ...buildListing({ place }),
      ownerId: seller.id,
      brand: "Lancia",
      model: "Ypsilon",
      publishedAt: new Date(start - i * 60_000),
    }));
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(listings).values(rows.slice(i, i + 500));
  });

  it("links pages 1…MAX_PAGE, serves the last with a hint to narrow the search, and 404s past it", async () => {
    const client = createClient(app.url);
    const first = text(await (await client.request("/recherche?brand=Lancia")).text());
    expect(first).toContain(`href="/recherche?brand=Lancia&page=${MAX_PAGE}"`);
    expect(first).not.toContain(`page=${MAX_PAGE + 1}"`);
    expect(first).not.toContain("premières annonces sont affichées");

    const last = await client.request(`/recherche?brand=Lancia&page=${MAX_PAGE}`);
    expect(last.status).toBe(200);
    const lastHtml = text(await last.text());
    expect(lastHtml).toContain("premières annonces sont affichées : affinez votre recherche");
    expect(lastHtml).not.toContain("Suivant ›</a>");
    // A full page of 24 cards (the 2 377th…2 400th newest Lancias).
    expect(new Set(lastHtml.match(/href="\/annonce\/[0-9a-f-]{36}/g)).size).toBe(PAGE_SIZE);

    const past = await client.request(`/recherche?brand=Lancia&page=${MAX_PAGE + 1}`);
    expect(past.status).toBe(404);
    expect(text(await past.text())).toContain("La page que vous cherchez n'existe pas");
  });
});

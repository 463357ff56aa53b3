import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings, proProfiles, user, type ProStatus } from "~/db/schema";
import { buildSitemaps } from "~/features/listings/build-sitemaps.server";
import type { OpeningHours } from "~/features/pro/opening-hours";
import { searchListings } from "~/features/search/search-listings.server";
import { PAGE_SIZE, SEARCH_SORTS, type SearchFilters } from "~/features/search/search-params";
import { countCap } from "~/features/search/text-match.server";
import { createLocalStorage } from "~/server/storage.server";
import { buildListing } from "~/testing/builders";
import { formatCount } from "~/ui/format";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createClient, startTestApp, type TestApp } from "../support/test-app";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Issue 33, dealer page and who sells: /pro/<slug> for verified professionals only (404 for
 * pending, refused, suspended, unknown), its listings through the search restricted to the
 * owner, JSON-LD AutoDealer, the sitemap, the phone behind the reveal; 'Pro' / 'Particulier' on
 * cards and listings, the private-sale notice on private listings only.
 */

let t: TestDatabase;
let app: TestApp;
type Key =
  | "verified"
  | "pending"
  | "refused"
  | "suspended"
  | "suspendedAccount"
  | "private"
  | "verifiedDraft"
  | "pendingListing"
  | "privateListing";
const ids = {} as Record<Key, string>;
const verifiedListings: string[] = [];
const HOURS: OpeningHours = [
  [
    { opens: "09:00", closes: "12:00" },
    { opens: "14:00", closes: "19:00" },
  ],
  [{ opens: "09:00", closes: "19:00" }],
  [{ opens: "09:00", closes: "19:00" }],
  [{ opens: "09:00", closes: "19:00" }],
  [{ opens: "09:00", closes: "19:00" }],
  [{ opens: "09:30", closes: "12:30" }],
  [],
];

async function insertPro(name: string, status: ProStatus, extra: Partial<typeof proProfiles.$inferInsert> = {}) {
  const owner = await insertUser(t.db, { canSignIn: false });
  await t.db.insert(proProfiles).values({
    userId: owner.id,
    slug: name,
    companyName: `Garage ${name}`,
    siret: "73282932000074",
    addressLine: "12 avenue Jean Jaurès",
    postalCode: "69007",
    city: "Lyon",
    latitude: 45.745,
    longitude: 4.842,
    phone: "0478123456",
    openingHours: HOURS,
    presentation: "Spécialiste des citadines depuis 1998.",
    status,
    ...extra,
  });
  return owner.id;
}

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

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp({ db: t });
  // SIRET unique among verified pros: only one verified uses the shared test number.
  ids.verified = await insertPro("centre", "verified", { verifiedAt: new Date() });
  ids.pending = await insertPro("attente", "pending", { siret: "35600000000048" });
  ids.refused = await insertPro("refuse", "refused", { siret: "35600000000048" });
  ids.suspended = await insertPro("suspendu", "suspended", { siret: "35600000000048" });
  ids.suspendedAccount = await insertPro("compte-suspendu", "pending", { siret: "35600000000048" });
  await t.db
    .update(proProfiles)
    .set({ status: "verified", siret: "44306184100047" })
    .where(eq(proProfiles.userId, ids.suspendedAccount));
  await t.db.update(user).set({ suspendedAt: new Date() }).where(eq(user.id, ids.suspendedAccount));
  ids.private = (await insertUser(t.db, { canSignIn: false })).id;

  const start = Date.UTC(2026, 10, 1, 12);
  for (let i = 0; i < 30; i++) {
    const when = new Date(start - i * 60_000);
    const row = await insertListing(t.db, ids.verified, {
      brand: i % 3 === 0 ? "Renault" : "Peugeot",
      model: i % 3 === 0 ? "Clio" : "208",
      price: 8_000 + ((i * 7_919) % 10_000),
      mileage: 20_000 + ((i * 3_571) % 100_000),
      year: 2012 + (i % 10),
      status: "published",
      publishedAt: when,
      createdAt: when,
    });
    verifiedListings.push(row.id);
  }
  // Not published: never on the dealer page.
  ids.verifiedDraft = (await insertListing(t.db, ids.verified, { status: "pending", publishedAt: null })).id;
  ids.pendingListing = (
    await insertListing(t.db, ids.pending, { brand: "Citroën", model: "C3", status: "published" })
  ).id;
  ids.privateListing = (
    await insertListing(t.db, ids.private, { brand: "Peugeot", model: "208", status: "published" })
  ).id;
});

afterAll(async () => {
  await app?.close();
  await t?.close();
});

describe(`dealer page /pro/<slug> (${process.env.TEST_DB_ENGINE})`, () => {
  it("shows a verified professional: name, hours with its open state, legal mentions, presentation, its listings only", async () => {
    const response = await createClient(app.url).request("/pro/centre");
    expect(response.status).toBe(200);
    const html = text(await response.text());
    expect(html).toContain("<title>Garage centre à Lyon : véhicules d'occasion | Occazio</title>");
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/pro\/centre"\/>/);
    expect(html).toContain("Professionnel vérifié");
    expect(html).toMatch(/Ouvert maintenant|Fermé actuellement/);
    expect(html).toContain("9 h – 12 h, 14 h – 19 h");
    expect(html).toContain("9 h 30 – 12 h 30");
    expect(html).toContain("Raison sociale");
    expect(html).toContain("732 829 320 00074");
    expect(html).toContain("12 avenue Jean Jaurès, 69007 Lyon");
    expect(html).toContain("Spécialiste des citadines depuis 1998.");
    expect(html).toContain("Membre depuis");
    expect(html).toContain("30 annonces");
    // The number is behind the reveal: never in the page.
    expect(html).not.toContain("0478123456");
    expect(html).not.toMatch(/04 ?78 ?12 ?34 ?56/);
    const cards = html.match(/href="\/annonce\/[0-9a-f-]{36}\//g) ?? [];
    expect(cards).toHaveLength(PAGE_SIZE);
    for (const id of [ids.privateListing, ids.pendingListing, ids.verifiedDraft])
      expect(html).not.toContain(`/annonce/${id}/`);
    expect(html).toContain(`/annonce/${verifiedListings[0]}/`);
    expect(html).toContain('href="/pro/centre?page=2"');
    expect(html).toContain('href="/classement-des-annonces"');
  });

  it("carries a valid AutoDealer JSON-LD without the phone", async () => {
    const html = await (await createClient(app.url).request("/pro/centre")).text();
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    );
    const dealer = scripts.find((s) => s["@type"] === "AutoDealer");
    expect(dealer).toMatchObject({
      "@context": "https://schema.org",
      name: "Garage centre",
      address: {
        "@type": "PostalAddress",
        streetAddress: "12 avenue Jean Jaurès",
        postalCode: "69007",
        addressLocality: "Lyon",
        addressCountry: "FR",
      },
      geo: { "@type": "GeoCoordinates", latitude: 45.745, longitude: 4.842 },
    });
    expect(dealer.url).toMatch(/\/pro\/centre$/);
    expect(dealer.telephone).toBeUndefined();
    expect(dealer.openingHoursSpecification).toContainEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: "https://schema.org/Monday",
      opens: "14:00",
      closes: "19:00",
    });
    expect(dealer.openingHoursSpecification).toHaveLength(7);
  });

  it("filters, sorts and pages the dealer's listings with the search's parameters", async () => {
    const client = createClient(app.url);
    const clio = text(await (await client.request("/pro/centre?brand=Renault&model=Clio")).text());
    expect(clio).toContain("10 annonces");
    expect(clio).toContain('name="robots" content="noindex, follow"');
    expect(clio).not.toContain(`/annonce/${ids.privateListing}/`);
    const second = text(await (await client.request("/pro/centre?page=2")).text());
    expect(second.match(/<article/g)).toHaveLength(30 - PAGE_SIZE);
    expect((await client.request("/pro/centre?page=3")).status).toBe(404);
  });

  it("is the site's 404 for pending, refused and suspended professionals, suspended accounts and unknown slugs", async () => {
    const client = createClient(app.url);
    for (const slug of ["attente", "refuse", "suspendu", "compte-suspendu", "inconnu", "x".repeat(200)]) {
      const response = await client.request(`/pro/${slug}`);
      expect(response.status, slug).toBe(404);
      const html = text(await response.text());
      expect(html).toContain("La page que vous cherchez n'existe pas");
      expect(html).not.toContain("Raison sociale");
    }
  });

  it("reveals the phone to signed-in visitors only, with the listings' limits", async () => {
    const anonymous = await createClient(app.url).request("/api/pro/centre/phone", { method: "POST" });
    expect(anonymous.status).toBe(401);
    const buyer = createClient(app.url);
    await buyer.signUp(`acheteur-pro-${Date.now()}@exemple.fr`);
    const revealed = await buyer.request("/api/pro/centre/phone", { method: "POST" });
    expect(revealed.status).toBe(200);
    expect(((await revealed.json()) as { phone: string }).phone.replace(/\s/g, "")).toBe("0478123456");
    const hidden = await buyer.request("/api/pro/attente/phone", { method: "POST" });
    expect(hidden.status).toBe(404);
  });

  it("is in the sitemap, and pending, refused or suspended professionals are not", async () => {
    const snapshot = await buildSitemaps({ db: t.db, origin: "https://occazio.example" });
    const pages = gunzipSync(snapshot.files.get("pages.xml")!.gz).toString();
    expect(pages).toContain("<loc>https://occazio.example/pro/centre</loc>");
    for (const slug of ["attente", "refuse", "suspendu", "compte-suspendu"])
      expect(pages).not.toContain(`/pro/${slug}<`);
  });
});

describe(`who sells, on cards and listings (${process.env.TEST_DB_ENGINE})`, () => {
  it("search cards say 'Pro' or 'Particulier'", async () => {
    const storage = createLocalStorage("/tmp/occazio-dealer-tests-uploads");
    const result = await searchListings({
      db: t.db,
      storage,
      filters: { brand: "Peugeot", model: "208", sort: "recent" },
    });
    const kinds = new Map(result.items.map((item) => [item.id, item.sellerKind]));
    expect(kinds.get(ids.privateListing)).toBe("private");
    expect(kinds.get(verifiedListings[1]!)).toBe("pro");
    const html = text(await (await createClient(app.url).request("/recherche?brand=Citro%C3%ABn")).text());
    expect(html).toContain(">Pro</span>");
    expect(html).toContain('href="/classement-des-annonces"');
  });

  it("a verified pro's listing: 'Professionnel vérifié', its company name linking to its page, no private-sale notice", async () => {
    const page = await listingPage(verifiedListings[0]!);
    expect(page).toContain("Professionnel vérifié");
    expect(page).toMatch(/<a[^>]*href="\/pro\/centre"[^>]*>Garage centre<\/a>/);
    expect(page).not.toContain("Vente entre particuliers");
  });

  it("a pending pro's listing says 'Professionnel' without 'vérifié' and no dealer link", async () => {
    const page = await listingPage(ids.pendingListing);
    expect(page).toContain(">Professionnel</span>");
    expect(page).not.toContain("Professionnel vérifié");
    expect(page).not.toContain('href="/pro/attente"');
    expect(page).toContain("Garage attente");
    expect(page).not.toContain("Vente entre particuliers");
  });

  it("a private seller's listing: 'Particulier' and the private-sale notice", async () => {
    const page = await listingPage(ids.privateListing);
    expect(page).toContain(">Particulier</span>");
    expect(page).toContain("Vente entre particuliers : la garantie légale de conformité ne s'applique pas.");
    expect(page).toContain('href="/help#particulier-ou-professionnel"');
  });

  it("the ranking page answers and says nothing paid affects the order", async () => {
    const response = await createClient(app.url).request("/classement-des-annonces");
    expect(response.status).toBe(200);
    const html = text(await response.text());
    expect(html).toContain("Comment les annonces sont classées");
    expect(html).toContain("Aucun paiement");
  });
});

async function redirected(path: string): Promise<string> {
  const response = await fetch(app.url + path, { redirect: "manual" });
  return response.headers.get("location") ?? path;
}

async function listingPage(id: string): Promise<string> {
  const response = await fetch(app.url + (await redirected(`/annonce/${id}`)));
  expect(response.status).toBe(200);
  return text(await response.text());
}

describe(`search restricted to one seller (${process.env.TEST_DB_ENGINE})`, () => {
  const storage = createLocalStorage("/tmp/occazio-dealer-tests-uploads");
  async function all(filters: SearchFilters): Promise<string[]> {
    const out: string[] = [];
    for (let page = 1; ; page++) {
      const result = await searchListings({ db: t.db, storage, filters: { ...filters, page } });
      out.push(...result.items.map((i) => i.id));
      if (page >= result.pageCount) return out;
    }
  }

  it("every sort lists exactly the owner's published listings, each once, in the sort's order", async () => {
    for (const sort of SEARCH_SORTS.filter((s) => s !== "relevance")) {
      const seen = await all({ ownerId: ids.verified, sort });
      expect(new Set(seen), sort).toEqual(new Set(verifiedListings));
      expect(seen, sort).toHaveLength(verifiedListings.length);
    }
    expect(await all({ ownerId: ids.verified, sort: "recent" })).toEqual(verifiedListings);
  });

  it("combines with the other filters and counts exactly", async () => {
    const result = await searchListings({
      db: t.db,
      storage,
      filters: { ownerId: ids.verified, brand: "Peugeot", model: "208" },
    });
    expect(result.total).toBe(20);
    expect(result.totalCapped).toBe(false);
    const words = await searchListings({
      db: t.db,
      storage,
      filters: { ownerId: ids.verified, q: "clio", sort: "relevance" },
    });
    expect(words.items.map((i) => i.id).sort()).toEqual(verifiedListings.filter((_, i) => i % 3 === 0).sort());
    const none = await searchListings({ db: t.db, storage, filters: { ownerId: ids.private, brand: "Renault" } });
    expect(none.total).toBe(0);
  });

  it("is not a URL parameter: /recherche?ownerId=… lists everyone's listings", async () => {
    const html = text(
      await (await createClient(app.url).request(`/recherche?brand=Peugeot&model=208&ownerId=${ids.private}`)).text(),
    );
    expect(html).toContain("21 annonces");
  });

  it("counts a large dealer's stock exactly, where the site's search says '2 400+'", { timeout: 240_000 }, async () => {
    const big = await insertPro("grand-stock", "verified", { siret: "55210055400013", verifiedAt: new Date() });
    const rows = Array.from({ length: countCap() + 50 }, (_, i) => ({
      ...buildListing({ status: "published", publishedAt: new Date(Date.UTC(2026, 9, 1) + i * 1000) }),
      ownerId: big,
      status: "published" as const,
    }));
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(listings).values(rows.slice(i, i + 500));
    const storage = createLocalStorage("/tmp/occazio-dealer-tests-uploads");
    const everywhere = await searchListings({ db: t.db, storage, filters: { ownerId: big } });
    expect(everywhere.totalCapped).toBe(true);
    const html = text(await (await createClient(app.url).request("/pro/grand-stock")).text());
    expect(html).toContain(`${formatCount(countCap() + 50, "annonce", "annonces")}<`);
    expect(html).not.toContain("+ annonces");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings } from "~/db/schema";
import { countSearchMatches } from "~/features/search/count-search-matches.server";
import { MAX_PAGE, PAGE_SIZE, type SearchFilters } from "~/features/search/search-params";
import { searchListings } from "~/features/search/search-listings.server";
import { RELEVANCE_WINDOW } from "~/features/search/search-where.server";
import { TEXT_COUNT_CAP } from "~/features/search/text-match.server";
import { createLocalStorage, type Storage } from "~/server/storage.server";
import { buildListing } from "~/testing/builders";
import { insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Free-text search beyond a page of matches (issue 14, decision 0018): the count of a search
 * with words stops at the pages a visitor can open, and 'Pertinence' ranks the newest
 * RELEVANCE_WINDOW matches whichever way they are read (the walk of the newest listings, or
 * every match through the text index).
 */

const storage: Storage = createLocalStorage("/tmp/occazio-text-search-scale-tests-uploads");
let t: TestDatabase;
/** Matches of "zorglub", newest first. */
const zorglub: string[] = [];
let strongNew = "";
let strongOld = "";
/** Matches of "marsupilami" (fewer than a window), newest first. */
const rare: string[] = [];
let rareStrong = "";

const MATCHES = TEXT_COUNT_CAP + 10;
const START = Date.UTC(2026, 10, 1);

beforeAll(async () => {
  t = await createTestDatabase();
  const seller = await insertUser(t.db, { canSignIn: false });
  const rows: (ReturnType<typeof buildListing> & { ownerId: string })[] = [];
  for (let i = 0; i < MATCHES + 40; i++) {
    // Newest first; every 60th listing does not match "zorglub", 30 of them match "marsupilami".
    const at = new Date(START - i * 60_000);
    const matches = i % 60 !== 59 && zorglub.length < MATCHES;
    let description = matches ? "Zorglub, carnet d'entretien." : "Marsupilami, carnet d'entretien.";
    if (matches && zorglub.length === 100) description = "Zorglub zorglub zorglub, zorglub."; // in the window
    if (matches && zorglub.length === MATCHES - 5) description = "Zorglub zorglub zorglub zorglub zorglub."; // far outside
    if (!matches && rare.length === 20) description = "Marsupilami marsupilami marsupilami.";
    rows.push({
      ...buildListing({ brand: "Dacia", model: "Sandero", description, status: "published", createdAt: at, publishedAt: at }),
      ownerId: seller.id,
    });
    const id = rows.length - 1;
    if (matches) zorglub.push(String(id));
    else rare.push(String(id));
  }
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await t.db.insert(listings).values(rows.slice(i, i + 500)).returning({ id: listings.id });
    ids.push(...inserted.map((r) => r.id));
  }
  const byIndex = (k: string) => ids[Number(k)]!;
  zorglub.splice(0, zorglub.length, ...zorglub.map(byIndex));
  rare.splice(0, rare.length, ...rare.map(byIndex));
  strongNew = zorglub[100]!;
  strongOld = zorglub[MATCHES - 5]!;
  rareStrong = rare[20]!;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const search = (filters: SearchFilters) => searchListings({ db: t.db, storage, filters });

describe("the count of a search with words", () => {
  it(`stops at the ${TEXT_COUNT_CAP} matches the pages hold, and every page up to the last one is served`, async () => {
    const first = await search({ q: "zorglub" });
    expect(first.totalCapped).toBe(true);
    expect(first.total).toBe(TEXT_COUNT_CAP);
    expect(first.pageCount).toBe(MAX_PAGE);
    const last = await search({ q: "zorglub", page: MAX_PAGE });
    expect(last.items.map((i) => i.id)).toEqual(zorglub.slice((MAX_PAGE - 1) * PAGE_SIZE, MAX_PAGE * PAGE_SIZE));
    // The route answers 404 past pageCount; the service reads nothing there.
    expect((await search({ q: "zorglub", page: MAX_PAGE + 1 })).items).toEqual([]);
  });

  it("a search without words keeps the exact count up to the general cap", async () => {
    const result = await search({ brand: "Dacia", model: "Sandero" });
    expect(result.totalCapped).toBe(false);
    expect(result.total).toBe(MATCHES + 40);
  });

  it("saved searches' counts say the same as /recherche", async () => {
    const [words, brand] = await countSearchMatches({
      db: t.db,
      searches: [
        { filters: { q: "zorglub" }, area: undefined, publishedAfter: new Date(START - 9.5 * 60_000) },
        { filters: { brand: "Dacia" }, area: undefined, publishedAfter: new Date(START - 9.5 * 60_000) },
      ],
    });
    expect(words).toEqual({ count: TEXT_COUNT_CAP, capped: true, newCount: 10 });
    expect(brand).toEqual({ count: MATCHES + 40, capped: false, newCount: 10 });
  });
});

describe("'Pertinence'", () => {
  it(`ranks the ${RELEVANCE_WINDOW} newest matches, then lists the older ones newest first`, async () => {
    const window: string[] = [];
    for (let page = 1; page <= RELEVANCE_WINDOW / PAGE_SIZE; page++) {
      window.push(...(await search({ q: "zorglub", sort: "relevance", page })).items.map((i) => i.id));
    }
    expect(window[0]).toBe(strongNew);
    expect(new Set(window)).toEqual(new Set(zorglub.slice(0, RELEVANCE_WINDOW)));
    expect(window).not.toContain(strongOld);
    const after = await search({ q: "zorglub", sort: "relevance", page: RELEVANCE_WINDOW / PAGE_SIZE + 1 });
    expect(after.items.map((i) => i.id)).toEqual(zorglub.slice(RELEVANCE_WINDOW, RELEVANCE_WINDOW + PAGE_SIZE));
  });

  it("ranks every match when there are fewer than a window", async () => {
    const result = await search({ q: "marsupilami", sort: "relevance" });
    expect(result.total).toBe(rare.length);
    expect(result.items[0]!.id).toBe(rareStrong);
    expect(new Set(result.items.map((i) => i.id))).toEqual(new Set(rare.slice(0, PAGE_SIZE)));
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listDealerStock } from "~/features/dealer-dashboard/list-dealer-stock.server";
import { parseStockQuery, STOCK_PAGE_SIZE } from "~/features/dealer-dashboard/stock-table-data";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertProProfile, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * 'Mon stock' (issue 35): the search's main filters — brand, energy, maximum price, minimum
 * year — applied by the server to the dealer's own listings only, with the words, the status,
 * the sort and the pages; on PGlite and PostgreSQL.
 */

let t: TestDatabase;
const storage = createLocalStorage("/tmp/occazio-stock-filters-test-uploads");

beforeAll(async () => {
  t = await createTestDatabase();
});

afterAll(async () => {
  await t?.close();
});

async function insertDealer() {
  const person = await insertUser(t.db);
  await insertProProfile(t.db, person.id, { companyName: "Garage des Filtres", status: "verified" });
  return person;
}

const list = (userId: string, query: string) =>
  listDealerStock({ db: t.db, storage, userId, query: parseStockQuery(new URLSearchParams(query)) });

const references = (rows: { reference: string | null }[]) => rows.map((row) => row.reference).sort();

describe("'Mon stock' filters", () => {
  it("narrows the dealer's own listings by brand, energy, maximum price and minimum year, never another seller's", async () => {
    const dealer = await insertDealer();
    const other = await insertDealer();
    const car = (stockReference: string, values: Parameters<typeof insertListing>[2]) =>
      insertListing(t.db, dealer.id, { stockReference, status: "published", ...values });
    await car("A", { brand: "Peugeot", model: "308", fuel: "Diesel", price: 14_000, year: 2019 });
    await car("B", { brand: "Peugeot", model: "208", fuel: "Essence", price: 9_500, year: 2016 });
    await car("C", { brand: "Volkswagen", model: "Golf", fuel: "Essence", price: 18_000, year: 2021 });
    await car("D", {
      brand: "Renault",
      model: "Zoe",
      fuel: "Electrique",
      price: 12_500,
      year: 2020,
      status: "withdrawn",
    });
    await car("E", { brand: "Peugeot", model: "3008", fuel: "Diesel", price: 25_000, year: 2022, status: "pending" });
    // Another dealer's Peugeot that every filter would match: never in this dealer's table.
    await insertListing(t.db, other.id, {
      stockReference: "X",
      brand: "Peugeot",
      model: "308",
      fuel: "Diesel",
      price: 9_000,
      year: 2022,
      status: "published",
    });

    expect((await list(dealer.id, "")).total).toBe(5);
    // Brand as the search reads it ('peugeot', 'vw').
    expect(references((await list(dealer.id, "marque=peugeot")).rows)).toEqual(["A", "B", "E"]);
    expect(references((await list(dealer.id, "marque=vw")).rows)).toEqual(["C"]);
    // Energy in the site's vocabulary ('électrique' → Electrique).
    expect(references((await list(dealer.id, "energie=essence")).rows)).toEqual(["B", "C"]);
    expect(references((await list(dealer.id, "energie=électrique")).rows)).toEqual(["D"]);
    // Maximum price and minimum year, inclusive.
    expect(references((await list(dealer.id, "prix_max=14 000")).rows)).toEqual(["A", "B", "D"]);
    expect(references((await list(dealer.id, "annee_min=2020")).rows)).toEqual(["C", "D", "E"]);
    // Together, and with the status, the words and the sort.
    expect(
      references((await list(dealer.id, "marque=Peugeot&energie=Diesel&prix_max=30000&annee_min=2019")).rows),
    ).toEqual(["A", "E"]);
    expect(references((await list(dealer.id, "marque=Peugeot&statut=published")).rows)).toEqual(["A", "B"]);
    expect(references((await list(dealer.id, "marque=Peugeot&q=3008")).rows)).toEqual(["E"]);
    expect((await list(dealer.id, "marque=Peugeot&tri=price_desc")).rows.map((row) => row.price)).toEqual([
      25_000, 14_000, 9_500,
    ]);
    // Nothing matches: an empty page, not another seller's car.
    const none = await list(dealer.id, "marque=Peugeot&prix_max=9000");
    expect(none.total).toBe(0);
    expect(none.rows).toEqual([]);
    // Values the parser drops leave the table whole.
    expect((await list(dealer.id, "marque=Zorglub&energie=vapeur&prix_max=abc&annee_min=1800")).total).toBe(5);
  });

  it("counts and pages the filtered rows only", async () => {
    const dealer = await insertDealer();
    for (let i = 0; i < STOCK_PAGE_SIZE + 3; i++)
      await insertListing(t.db, dealer.id, {
        stockReference: `R${i}`,
        brand: "Renault",
        model: "Clio",
        fuel: "Essence",
        price: 10_000 + i,
        year: 2018,
      });
    await insertListing(t.db, dealer.id, {
      stockReference: "T",
      brand: "Toyota",
      model: "Yaris",
      fuel: "Hybride",
      price: 15_000,
      year: 2020,
    });
    const first = await list(dealer.id, "marque=Renault");
    expect(first.total).toBe(STOCK_PAGE_SIZE + 3);
    expect(first.pageCount).toBe(2);
    const second = await list(dealer.id, "marque=Renault&page=2");
    expect(second.rows).toHaveLength(3);
    expect(second.query).toMatchObject({ brand: "Renault", page: 2 });
    expect(second.rows.every((row) => row.title.startsWith("Renault "))).toBe(true);
    expect((await list(dealer.id, "energie=Hybride")).rows.map((row) => row.reference)).toEqual(["T"]);
  });

  it("is refused to an account that is not a verified professional", async () => {
    const someone = await insertUser(t.db);
    await expect(list(someone.id, "marque=Peugeot")).rejects.toMatchObject({ code: "forbidden" });
  });
});

import { describe, expect, it } from "vitest";
import { bulkDone, bulkSummary, newPriceOf } from "./bulk-actions";
import { dayLabel, parseStatsPeriod } from "./stats-data";
import { parseStockQuery, stockQueryString } from "./stock-table-data";

describe("bulk price change", () => {
  it("adds euros or a percentage, rounded to the euro", () => {
    expect(newPriceOf(10_000, "percent", -5)).toBe(9_500);
    expect(newPriceOf(15_990, "percent", -5)).toBe(15_191);
    expect(newPriceOf(12_345, "percent", 2.5)).toBe(12_654);
    expect(newPriceOf(10_000, "euros", -750)).toBe(9_250);
    expect(newPriceOf(null, "euros", -750)).toBeNull();
  });

  it("says what will change and what did", () => {
    expect(bulkSummary("price", 2, { mode: "percent", amount: -5 })).toBe("Changer le prix de 2 annonces (-5 %) ?");
    expect(bulkSummary("price", 1, { mode: "euros", amount: 300 })).toBe("Changer le prix de 1 annonce (+300 €) ?");
    expect(bulkSummary("sold", 3)).toBe("Marquer 3 annonces comme vendues ?");
    expect(bulkDone("withdraw", 1)).toBe("1 annonce retirée de la vente.");
  });
});

describe("stock table and statistics parameters", () => {
  it("reads known values and falls back to the defaults", () => {
    expect(parseStockQuery(new URLSearchParams("statut=sold&tri=views&q=  golf &page=3"))).toEqual({
      status: "sold",
      sort: "views",
      q: "golf",
      page: 3,
    });
    expect(parseStockQuery(new URLSearchParams("statut=x&tri=y&page=-2"))).toEqual({ status: "all", sort: "recent", q: "", page: 1 });
    expect(stockQueryString({ status: "all", sort: "recent", q: "", page: 1 })).toBe("");
    expect(stockQueryString({ status: "published", sort: "price_asc", q: "clio", page: 2 })).toBe(
      "?statut=published&q=clio&tri=price_asc&page=2",
    );
    expect(parseStatsPeriod("90")).toBe(90);
    expect(parseStatsPeriod("7")).toBe(30);
    expect(dayLabel("2026-11-09")).toBe("09/11");
  });
});

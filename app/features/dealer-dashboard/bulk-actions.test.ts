import { describe, expect, it } from "vitest";
import { BULK_MESSAGES, bulkDone, bulkSummary, newPriceOf } from "./bulk-actions";
import { dayLabel, parseStatsPeriod } from "./stats-data";
import { STOCK_STATUS_LABELS, hasStockFilters, parseStockQuery, stockQueryString } from "./stock-table-data";

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
    expect(bulkDone("withdraw", 1)).toBe("1 annonce retirée de la vente (hors ligne).");
  });

  it("tells 'Retirer de la vente' (reversible) from 'Supprimer' (definitive), decision 0058", () => {
    expect(bulkSummary("withdraw", 1)).toBe(
      "Retirer 1 annonce de la vente ? Elle quittera le site et restera dans votre stock (« Hors ligne »), avec sa référence, ses statistiques, ses favoris et ses messages. Vous pourrez la remettre en vente à tout moment.",
    );
    expect(bulkSummary("withdraw", 2)).toContain("Elles quitteront le site et resteront dans votre stock");
    expect(bulkSummary("restore", 2)).toBe("Remettre 2 annonces en vente ? Elles seront de nouveau en ligne telles qu'elles ont été validées.");
    expect(bulkSummary("restore", 1)).toBe("Remettre 1 annonce en vente ? Elle sera de nouveau en ligne telle qu'elle a été validée.");
    expect(bulkSummary("delete", 3)).toBe(
      "Supprimer définitivement 3 annonces ? Elles quitteront le site et seront rangées dans « Annonce supprimée » ; leurs références seront libérées. Cette action est définitive.",
    );
    expect(bulkSummary("withdraw", 2)).not.toMatch(/définitive|supprimée/);
    expect(bulkDone("restore", 2)).toBe("2 annonces remises en vente.");
    expect(bulkDone("delete", 1)).toBe("1 annonce supprimée.");
    expect(BULK_MESSAGES.notApplicable.withdraw(2)).toBe(
      "Seules les annonces en ligne peuvent être retirées de la vente (2 autres dans la sélection) : rien n'a été modifié.",
    );
    expect(BULK_MESSAGES.notApplicable.restore(1)).toBe(
      "Seules les annonces hors ligne peuvent être remises en vente (1 autre dans la sélection) : rien n'a été modifié.",
    );
    expect(BULK_MESSAGES.notApplicable.delete(2)).toBe("2 annonces sont déjà supprimées : rien n'a été modifié.");
  });

  it("'Mon stock' labels and filters name the offline listings", () => {
    expect(STOCK_STATUS_LABELS.withdrawn).toBe("Hors ligne");
    expect(STOCK_STATUS_LABELS.deleted).toBe("Supprimée");
    expect(parseStockQuery(new URLSearchParams("statut=withdrawn")).status).toBe("withdrawn");
  });
});

describe("stock table and statistics parameters", () => {
  it("reads known values and falls back to the defaults", () => {
    const none = { brand: null, energy: null, maxPrice: null, minYear: null };
    expect(parseStockQuery(new URLSearchParams("statut=sold&tri=views&q=  golf &page=3"))).toEqual({
      status: "sold",
      sort: "views",
      q: "golf",
      page: 3,
      ...none,
    });
    expect(parseStockQuery(new URLSearchParams("statut=x&tri=y&page=-2"))).toEqual({ status: "all", sort: "recent", q: "", page: 1, ...none });
    expect(stockQueryString({ status: "all", sort: "recent", q: "", page: 1, ...none })).toBe("");
    expect(stockQueryString({ status: "published", sort: "price_asc", q: "clio", page: 2, ...none })).toBe(
      "?statut=published&q=clio&tri=price_asc&page=2",
    );
  });

  it("reads the search's main filters as the search does, and the pages' links keep them", () => {
    const query = parseStockQuery(new URLSearchParams("marque=vw&energie=électrique&prix_max=12 500 €&annee_min=2018&page=2"));
    expect(query).toMatchObject({ brand: "Volkswagen", energy: "Electrique", maxPrice: 12_500, minYear: 2018, page: 2 });
    expect(stockQueryString(query)).toBe("?marque=Volkswagen&energie=Electrique&prix_max=12500&annee_min=2018&page=2");
    expect(hasStockFilters(query)).toBe(true);
    // Unknown brand or energy, a price or year out of range or unreadable: no filter.
    expect(
      parseStockQuery(new URLSearchParams("marque=Zorglub&energie=vapeur&prix_max=-3&annee_min=1850")),
    ).toMatchObject({ brand: null, energy: null, maxPrice: null, minYear: null });
    expect(parseStockQuery(new URLSearchParams(`prix_max=12,5&annee_min=${new Date().getFullYear() + 2}`))).toMatchObject({
      maxPrice: null,
      minYear: null,
    });
    expect(hasStockFilters(parseStockQuery(new URLSearchParams("tri=views")))).toBe(false);
  });

  it("reads the statistics period and day labels", () => {
    expect(parseStatsPeriod("90")).toBe(90);
    expect(parseStatsPeriod("7")).toBe(30);
    expect(dayLabel("2026-11-09")).toBe("09/11");
  });
});

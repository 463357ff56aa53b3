import { describe, expect, it } from "vitest";
import { LISTING_MESSAGES } from "~/features/publish/listing-access.server";
import { HOSTING_ERRORS, hostingUrl, openingTab, tabFromParam } from "./hosting-flash";

describe("messages of 'Mes annonces'", () => {
  it("use the services' French texts", () => {
    expect(HOSTING_ERRORS.introuvable).toBe(LISTING_MESSAGES.notFound);
    expect(HOSTING_ERRORS.interdit).toBe(LISTING_MESSAGES.forbidden);
    expect(HOSTING_ERRORS.brouillon).toBe(LISTING_MESSAGES.notEditable.draft);
    expect(HOSTING_ERRORS.vendue).toBe(LISTING_MESSAGES.notEditable.sold);
    expect(HOSTING_ERRORS.supprimee).toBe(LISTING_MESSAGES.notEditable.deleted);
    expect(HOSTING_ERRORS["hors-ligne"]).toBe(LISTING_MESSAGES.notEditable.withdrawn);
  });

  it("builds /hosting URLs on the listing's tab", () => {
    expect(hostingUrl()).toBe("/hosting");
    expect(hostingUrl({ status: "pending", message: "modifiee" })).toBe("/hosting?onglet=en-validation&message=modifiee");
    expect(hostingUrl({ status: "published", message: "modifiee" })).toBe("/hosting?onglet=publiees&message=modifiee");
    expect(hostingUrl({ error: "interdit" })).toBe("/hosting?erreur=interdit");
    expect(hostingUrl({ status: "withdrawn" })).toBe("/hosting?onglet=publiees");
    expect(tabFromParam("supprimees").key).toBe("deleted");
    expect(tabFromParam("n'importe quoi").key).toBe("pending");
  });
});

describe("openingTab ('Mes annonces' without ?onglet=, issue 36)", () => {
  it("opens the first tab that has listings, published first, and 'Annonce publiée' when all are empty", () => {
    expect(openingTab({ pending: 2, published: 1, deleted: 4 })).toBe("published");
    expect(openingTab({ pending: 2, published: 0, deleted: 4 })).toBe("pending");
    expect(openingTab({ pending: 0, published: 0, deleted: 1 })).toBe("deleted");
    expect(openingTab({ pending: 0, published: 0, deleted: 0 })).toBe("published");
  });
  it("an explicit tab wins; an unknown one falls back to the opening tab", () => {
    expect(tabFromParam("supprimees", "published").key).toBe("deleted");
    expect(tabFromParam("n-importe", "pending").key).toBe("pending");
    expect(tabFromParam(null, "published").key).toBe("published");
  });
});

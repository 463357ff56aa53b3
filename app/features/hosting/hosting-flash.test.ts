import { describe, expect, it } from "vitest";
import { LISTING_MESSAGES } from "~/features/publish/listing-access.server";
import { HOSTING_ERRORS, hostingUrl, tabFromParam } from "./hosting-flash";

describe("messages of 'Mes annonces'", () => {
  it("use the services' French texts", () => {
    expect(HOSTING_ERRORS.introuvable).toBe(LISTING_MESSAGES.notFound);
    expect(HOSTING_ERRORS.interdit).toBe(LISTING_MESSAGES.forbidden);
    expect(HOSTING_ERRORS.brouillon).toBe(LISTING_MESSAGES.notEditable.draft);
    expect(HOSTING_ERRORS.vendue).toBe(LISTING_MESSAGES.notEditable.sold);
    expect(HOSTING_ERRORS.supprimee).toBe(LISTING_MESSAGES.notEditable.deleted);
  });

  it("builds /hosting URLs on the listing's tab", () => {
    expect(hostingUrl()).toBe("/hosting");
    expect(hostingUrl({ status: "pending", message: "modifiee" })).toBe("/hosting?message=modifiee");
    expect(hostingUrl({ status: "published", message: "modifiee" })).toBe("/hosting?onglet=publiees&message=modifiee");
    expect(hostingUrl({ error: "interdit" })).toBe("/hosting?erreur=interdit");
    expect(tabFromParam("supprimees").key).toBe("deleted");
    expect(tabFromParam("n'importe quoi").key).toBe("pending");
  });
});

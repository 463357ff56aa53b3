import { describe, expect, it } from "vitest";
import { dealerDescription } from "./dealer-seo";

const dealer = { companyName: "Garage du Centre", city: "Lyon", postalCode: "69003" };
// Intl groups thousands with a (narrow) no-break space: compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("dealerDescription (the dealer page's meta description)", () => {
  it("writes a large stock as the page does, with thousands grouped", () => {
    expect(plain(dealerDescription(dealer, 2450, false))).toContain(": 2 450 véhicules d'occasion en vente");
  });
  it("says one vehicle in the singular and a capped count with its plus", () => {
    expect(dealerDescription(dealer, 1, false)).toContain(": 1 véhicule d'occasion");
    expect(plain(dealerDescription(dealer, 10000, true))).toContain(": 10 000+ véhicules d'occasion");
  });
  it("names the dealer and its town", () => {
    expect(dealerDescription(dealer, 3, false)).toMatch(/^Garage du Centre, professionnel de l'automobile à Lyon \(69003\)/);
  });
});

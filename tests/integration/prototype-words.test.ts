// Words that name a property of Object.prototype ("constructor", "toString", "__proto__"…)
// typed as free text, or sent as a reason code, are words like any other (issue 37 §4): the
// search answers 200 and recognises no filter from them (before: `q=constructor&fuel=a` →
// 500, `q=constructor` → a nonsense energy filter). Word maps are Maps or own-key lookups.
import { describe, expect, it } from "vitest";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createClient } from "../support/test-app";
import { testAppForFile } from "../support/test-app-for-file";

const ctx = testAppForFile({ withPlaces: true });

const NAMES = [...new Set([...Object.getOwnPropertyNames(Object.prototype), "__proto__", "prototype"])];

describe(`Object.prototype's names as user words (${process.env.TEST_DB_ENGINE})`, () => {
  it(`/recherche?q=<name>, alone and with filters, for each of ${NAMES.length} names: 200, no filter recognised`, async () => {
    const client = createClient(ctx.app.url);
    const failures: string[] = [];
    for (const name of NAMES) {
      for (const extra of ["", "&fuel=a", "&energies=Diesel", "&brand=Peugeot", "&sort=prix", `&${encodeURIComponent(name)}=1`]) {
        const query = `q=${encodeURIComponent(name)}${extra}`;
        const response = await client.request(`/recherche?${query}`);
        await response.arrayBuffer();
        // 200: nothing was recognised (a recognised word redirects to the URL with its filter).
        if (response.status !== 200) failures.push(`${query} → ${response.status} ${response.headers.get("location") ?? ""}`);
      }
      const suggestions = await client.request(`/api/search/suggestions?q=${encodeURIComponent(name)}`);
      if (suggestions.status !== 200) failures.push(`suggestions ${name} → ${suggestions.status}`);
      await suggestions.arrayBuffer();
    }
    expect(failures).toEqual([]);
  });

  it("a report whose reason is a prototype name is refused with 400 and a French message", async () => {
    const seller = await insertUser(ctx.t.db);
    const listing = await insertListing(ctx.t.db, seller.id);
    const client = createClient(ctx.app.url);
    for (const reasonCode of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      const response = await client.request(`/api/listings/${listing.id}/report`, {
        method: "POST",
        json: { reasonCode },
        headers: { accept: "application/json", "x-forwarded-for": `10.0.0.${reasonCode.length}` },
      });
      expect(response.status, reasonCode).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe("Choisissez un motif de signalement.");
    }
  });
});

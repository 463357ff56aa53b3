import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";

/**
 * Issue 33, dealer page: from a listing marked 'Pro', the seller's name leads to its page with
 * hours ('Ouvert maintenant' / 'Fermé actuellement'), map, legal mentions and its listings.
 * Needs the demo data's verified dealers (issue 33 demo data).
 */
const SHOTS = path.join(os.tmpdir(), "occazio-dealer-shots");
fs.mkdirSync(SHOTS, { recursive: true });

async function firstProListing(page: Page): Promise<string> {
  await page.goto("/recherche");
  const card = page.locator("article").filter({ has: page.getByText("Pro", { exact: true }) }).first();
  await expect(card).toBeVisible();
  const href = await card.getByRole("link").first().getAttribute("href");
  expect(href).toMatch(/^\/annonce\//);
  return href!;
}

for (const width of [375, 1280]) {
  test(`a buyer goes from a 'Pro' listing to the dealer page (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    // Other specs sell and withdraw dealers' cars: a newest 'Pro' card gone meanwhile (410) is
    // replaced by the next newest.
    await expect(async () => {
      const listing = await firstProListing(page);
      expect((await page.goto(listing))?.status()).toBe(200);
    }).toPass();
    const seller = page.getByRole("region", { name: "Vendeur" });
    await expect(seller.getByText("Professionnel vérifié")).toBeVisible();
    await expect(page.getByText("Vente entre particuliers")).toHaveCount(0);
    await seller.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/pro\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(/^(Ouvert maintenant|Fermé actuellement)$/).first()).toBeVisible();
    const hours = page.getByRole("region", { name: "Horaires d'ouverture" });
    await expect(hours.getByText("lundi")).toBeVisible();
    await expect(hours.getByText("dimanche")).toBeVisible();
    const legal = page.getByRole("region", { name: "Informations légales" });
    await expect(legal.getByText("Raison sociale")).toBeVisible();
    await expect(legal.getByText(/^\d{3} \d{3} \d{3} \d{5}$/)).toBeVisible();
    await expect(page.locator(".leaflet-container")).toBeVisible();
    const cards = page.getByRole("region", { name: "Véhicules en vente" }).locator("article");
    expect(await cards.count()).toBeGreaterThan(0);
    await expect(cards.first().getByText("Pro", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(SHOTS, `dealer-${width}.png`), fullPage: true });
    await cards.first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/annonce\//);
  });
}

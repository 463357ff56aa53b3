import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_PASSWORD, logInThroughUi } from "./fixtures";

/**
 * Issue 35, the dealer dashboard (decision 0052): the demo dealer (garage@occazio.local, the
 * verified 'Garage des Tilleuls') changes the price of two listings of 'Mon stock' by -5 %
 * after confirming, at phone and desktop widths; a buyer views one of its listings and reveals
 * the number, and 'Statistiques' shows the chart with them.
 */

const DEALER = "garage@occazio.local";
const SHOTS = path.join(os.tmpdir(), "occazio-dashboard-shots");

async function signIn(page: Page, email: string) {
  await page.goto("/home");
  await expect(await logInThroughUi(page, email, DEMO_PASSWORD)).toBeHidden();
}

const euros = (text: string | null) => Number((text ?? "").replace(/\D/g, ""));

for (const [width, sort] of [
  [1280, "price_asc"],
  [375, "price_desc"],
] as const) {
  test(`${width} px: the dealer selects 2 listings, lowers their price by 5 % after confirming, and sees the new prices`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await signIn(page, DEALER);
    // Each width takes other listings (cheapest / dearest), so the two tests can run at once.
    await page.goto(`/account/stock?statut=published&tri=${sort}`);
    const rows = page.getByTestId("stock-row");
    await expect(rows.first()).toBeVisible();
    const chosen: { href: string; price: number }[] = [];
    for (const i of [0, 1]) {
      const row = rows.nth(i);
      const href = (await row.getByRole("link").first().getAttribute("href")) ?? "";
      chosen.push({ href, price: euros(await row.getByTestId("stock-row-price").textContent()) });
      await row.getByRole("checkbox").check();
    }
    await expect(page.getByTestId("stock-selected-count")).toHaveText("2 sélectionnées");
    const bulk = page.getByRole("group", { name: "Actions groupées" });
    await bulk.getByLabel("Action").selectOption({ label: "Modifier le prix" });
    await bulk.getByLabel("Variation").fill("-5");
    await bulk.getByLabel("Unité").selectOption({ label: "%" });
    await bulk.getByRole("button", { name: "Appliquer…" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Changer le prix de 2 annonces (-5 %) ?");
    await dialog.getByRole("button", { name: "Confirmer" }).click();
    await expect(dialog).toBeHidden();
    await expect(bulk.getByRole("status")).toHaveText("Prix modifié pour 2 annonces.");
    for (const { href, price } of chosen) {
      const row = rows.filter({ has: page.locator(`a[href="${href}"]`) });
      await expect.poll(async () => euros(await row.getByTestId("stock-row-price").textContent())).toBe(Math.round(price * 0.95));
    }
    if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: path.join(SHOTS, `stock-${width}.png`), fullPage: true });
  });
}

test("the statistics chart shows a buyer's view and phone reveal of a dealer's listing", async ({ browser, baseURL }) => {
  const buyer = await browser.newContext({ baseURL, locale: "fr-FR", timezoneId: "Europe/Paris", viewport: { width: 1280, height: 900 } });
  const buyerPage = await buyer.newPage();
  await signIn(buyerPage, "acheteur@occazio.local");
  await buyerPage.goto("/pro/garage-des-tilleuls");
  await buyerPage.locator('main a[href^="/annonce/"]').first().click();
  await expect(buyerPage).toHaveURL(/\/annonce\//);
  const listingId = /\/annonce\/([^/?]+)/.exec(buyerPage.url())![1]!;
  await buyerPage.getByRole("button", { name: "Téléphone" }).click();
  await expect(buyerPage.getByRole("link", { name: /^0\d( \d\d){4}$/ })).toBeVisible();
  await buyer.close();

  for (const width of [1280, 375]) {
    const context = await browser.newContext({ baseURL, locale: "fr-FR", timezoneId: "Europe/Paris", viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signIn(page, DEALER);
    await page.goto(`/account/stock/statistiques?annonce=${listingId}`);
    const listingChart = page.getByTestId("stats-chart").first();
    await expect(listingChart).toContainText("Cette annonce sur 30 jours");
    await expect(listingChart.locator("canvas").first()).toBeVisible();
    expect(Number(await listingChart.getByTestId("stats-total-views").textContent())).toBeGreaterThanOrEqual(1);
    expect(Number(await listingChart.getByTestId("stats-total-phoneReveals").textContent())).toBeGreaterThanOrEqual(1);
    await page.getByRole("link", { name: "90 derniers jours" }).click();
    await expect(page.getByTestId("stats-chart").first()).toContainText("Cette annonce sur 90 jours");
    await page.getByText("Voir le détail par jour").first().click();
    await expect(page.getByRole("table").first()).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `stats-${width}.png`), fullPage: true });
    await context.close();
  }
});

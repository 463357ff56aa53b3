import os from "node:os";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { COMPARE_FULL_MESSAGE } from "../../app/features/compare/compare-ids";
import { isPhone, signUpThroughUi } from "./fixtures";

/**
 * Comparison (issue 14) on the demo listings: 'Comparer' on search and favourite cards fills the
 * tray ('Comparer (3)'), /comparer shows them side by side, a column is removed. Screenshots go
 * to $TMPDIR/occazio-shots for a human to look at.
 */

const SHOTS = path.join(os.tmpdir(), "occazio-shots");
const cards = (page: Page) => page.locator("main article");

/**
 * The card at `index` now, pinned by its link: a signed-in page refreshes its data once loaded, and
 * a car another spec publishes meanwhile would shift the positions between reading and clicking.
 */
async function cardAt(page: Page, index: number): Promise<Locator> {
  const href = await cards(page).nth(index).getByRole("link").first().getAttribute("href");
  return cards(page).filter({ has: page.locator(`a[href="${href}"]`) });
}
const trayLink = (page: Page) => page.getByRole("region", { name: "Comparaison" }).getByRole("link", { name: /^Comparer \(\d\)$/ });

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
  await page.waitForFunction(() => document.documentElement.dataset.renderedUrl === location.pathname + location.search);
}

/** Presses 'Comparer' on a card; signed in, waits until the server stored it. */
async function compare(page: Page, card: Locator, signedIn: boolean): Promise<string> {
  const title = (await card.getByRole("heading").textContent()) ?? "";
  const stored = signedIn ? page.waitForResponse((r) => r.url().endsWith("/api/comparison") && r.request().method() === "POST") : null;
  await card.getByRole("button", { name: "Comparer", exact: true }).click();
  await expect(card.getByRole("button", { name: "Comparer", exact: true })).toHaveAttribute("aria-pressed", "true");
  if (stored) expect((await stored).ok()).toBe(true);
  return title;
}

for (const width of [375, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width <= 768 ? 812 : 900 } });

    test("three listings compared from search and favourites, side by side; one removed", async ({ page }) => {
      // Sign-up, search, favourites, comparison, distance, removal: many pages on a shared machine.
      test.setTimeout(90_000);
      await signUpThroughUi(page, undefined, undefined, { verify: false });
      await open(page, "/recherche");
      // A favourite first, to compare it from /wishlists.
      const favourite = await cardAt(page, 2);
      const favouriteTitle = (await favourite.getByRole("heading").textContent()) ?? "";
      const saved = page.waitForResponse((r) => r.url().endsWith("/api/favorites") && r.request().method() === "POST");
      await favourite.getByRole("button", { name: "Ajouter aux favoris" }).click();
      expect((await saved).ok()).toBe(true);

      const first = await compare(page, await cardAt(page, 0), true);
      const second = await compare(page, await cardAt(page, 1), true);
      await expect(trayLink(page)).toHaveText("Comparer (2)");
      await page.screenshot({ path: path.join(SHOTS, `compare-tray-search-${width}.png`) });

      await open(page, "/wishlists");
      await expect(cards(page)).toHaveCount(1);
      await compare(page, cards(page).first(), true);
      await expect(trayLink(page)).toHaveText("Comparer (3)");

      await trayLink(page).click();
      await expect(page).toHaveURL(/\/comparer\?ids=/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Comparer des annonces");
      const table = page.getByRole("table");
      const columns = table.getByRole("columnheader");
      await expect(columns).toHaveCount(3);
      for (const [index, title] of [first, second, favouriteTitle].entries()) {
        await expect(columns.nth(index).getByRole("link", { name: title, exact: true })).toHaveAttribute("href", /^\/annonce\//);
      }
      await expect(table.getByRole("rowheader", { name: /^Kilométrage/ })).toBeVisible();
      // Crit'Air as the coloured sticker with its number and its words (issue 34), in each column.
      const critair = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^Crit'Air/ }) });
      await expect(critair.getByRole("cell")).toHaveCount(3);
      for (const cell of await critair.getByRole("cell").all()) {
        await expect(cell).toHaveText(/^(\d)?(Crit'Air \d( \(électrique\))?|Non classé|Non spécifié)$/);
      }
      await expect(critair.getByRole("img", { name: /^Vignette Crit'Air \d/ }).first()).toBeVisible();
      // Rows whose values differ are marked.
      await expect(table.locator("tr[data-differs]").first()).toBeVisible();

      // Distance from a postal code chosen in the reference.
      const postalCode = page.getByRole("combobox", { name: "Votre code postal, pour la distance" });
      await postalCode.fill("69001");
      await page.getByRole("option", { name: "Lyon 1er (69001)" }).click();
      await page.getByRole("button", { name: "Calculer les distances" }).click();
      await expect(page).toHaveURL(/postalCode=69001/);
      const distance = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^Distance/ }) });
      await expect(distance.getByRole("cell")).toHaveCount(3);
      for (const cell of await distance.getByRole("cell").all()) await expect(cell).toHaveText(/^[\d\s\u202f]+ km$/);

      if (isPhone(page)) {
        // The columns scroll sideways; the labels stay in place.
        const region = page.getByRole("region", { name: "Tableau de comparaison" });
        const label = table.getByRole("rowheader", { name: /^Kilométrage/ });
        const before = await label.boundingBox();
        expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
        await region.evaluate((el) => el.scrollTo({ left: 300 }));
        await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
        expect((await label.boundingBox())?.x).toBeCloseTo(before!.x, 0);
        await page.screenshot({ path: path.join(SHOTS, `compare-scrolled-${width}.png`) });
        await region.evaluate((el) => el.scrollTo({ left: 0 }));
      }
      await page.screenshot({ path: path.join(SHOTS, `compare-${width}.png`), fullPage: true });

      // Two demo listings can share a title: the removed column is told by its link.
      const removedHref = await columns.nth(1).getByRole("link", { name: second, exact: true }).getAttribute("href");
      const stored = page.waitForResponse((r) => r.url().endsWith("/api/comparison") && r.request().method() === "POST");
      await columns.nth(1).getByRole("link", { name: `Retirer ${second} de la comparaison` }).click();
      await expect(columns).toHaveCount(2);
      await expect(table.locator(`a[href="${removedHref}"]`)).toHaveCount(0);
      await expect(page).toHaveURL(/postalCode=69001/);
      expect((await stored).ok()).toBe(true);
      // Kept on the server: a fresh page of the site shows two.
      await open(page, "/recherche");
      await expect(trayLink(page)).toHaveText("Comparer (2)");
    });

    test("a visitor's tray stays in the browser, stops at 4 with a message, and joins the account at sign-in", async ({ page }) => {
      test.setTimeout(90_000);
      await open(page, "/recherche");
      for (let i = 0; i < 4; i++) await compare(page, cards(page).nth(i), false);
      await expect(trayLink(page)).toHaveText("Comparer (4)");
      await cards(page).nth(4).getByRole("button", { name: "Comparer", exact: true }).click();
      await expect(page.getByRole("region", { name: "Comparaison" }).getByRole("alert")).toHaveText(new RegExp(COMPARE_FULL_MESSAGE.replace(/[.()]/g, "\\$&")));
      await expect(cards(page).nth(4).getByRole("button", { name: "Comparer", exact: true })).toHaveAttribute("aria-pressed", "false");
      await expect(trayLink(page)).toHaveText("Comparer (4)");
      await page.getByRole("button", { name: "OK" }).click();

      // Kept across pages; on a listing's page the bar leaves the contact bar and the tab bar visible.
      // A full page load: the tray comes from the browser's storage, not from the page's memory.
      const href = await cards(page).first().getByRole("heading").getByRole("link").getAttribute("href");
      await open(page, href!);
      await expect(page).toHaveURL(/\/annonce\//);
      await expect(trayLink(page)).toHaveText("Comparer (4)");
      await expect(page.getByRole("button", { name: "Comparer", exact: true })).toHaveAttribute("aria-pressed", "true");
      if (isPhone(page)) {
        const bar = await trayLink(page).boundingBox();
        const contact = await page.getByRole("region", { name: "Contacter le vendeur" }).boundingBox();
        const tabs = await page.getByRole("navigation", { name: "Navigation principale" }).boundingBox();
        expect(bar!.y + bar!.height).toBeLessThanOrEqual(contact!.y);
        expect(contact!.y + contact!.height).toBeLessThanOrEqual(tabs!.y + 1);
      }
      await page.screenshot({ path: path.join(SHOTS, `compare-tray-detail-${width}.png`) });

      const merged = page.waitForResponse((r) => r.url().endsWith("/api/comparison") && r.request().method() === "POST");
      await signUpThroughUi(page, undefined, undefined, { verify: false });
      expect((await merged).ok()).toBe(true);
      // The browser's copy goes once the account has it.
      await expect.poll(() => page.evaluate(() => window.localStorage.getItem("occazio:comparaison"))).toBeNull();
      await open(page, "/recherche");
      await expect(trayLink(page)).toHaveText("Comparer (4)");
    });
  });
}

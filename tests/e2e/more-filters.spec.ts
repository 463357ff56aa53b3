import { expect, test, type Locator, type Page } from "@playwright/test";
import { open, settled, withoutOthersPublishing } from "./fixtures";

/**
 * Issue 34's last filters (decision 0049): a power range, a mileage minimum and '1re main',
 * chosen in the sidebar (1280 px, applied as they change) and in the dialog (375 px, 'Voir N
 * annonces'); the number announced is the number of results the page then shows. The postal
 * code of the filters is the wizard's commune picker.
 */

const cards = (page: Page) => page.locator("main .result-cards article");
const countText = (page: Page) => page.getByText(/^([\d\s\u00a0\u202f]+\+? annonces?|Aucune annonce)$/).first();
const countOf = async (page: Page) => Number(((await countText(page).textContent()) ?? "").replace(/\D/g, ""));

/** Power 100–250 ch, from 20 000 km, first hand: the choices of both tests. */
async function chooseNewFilters(form: Locator) {
  await form.getByLabel("Puissance minimum (ch)").fill("100");
  await form.getByLabel("Puissance maximum (ch)").fill("250");
  await form.getByLabel("Kilométrage minimum (km)").fill("20 000");
  await form.getByRole("checkbox", { name: /^1re main/ }).check();
}

const NEW_FILTERS_URL = /\/recherche\?mileageMin=20000&powerMin=100&powerMax=250&owners=1$/;

test.describe("wide screens, 1280 px: the sidebar", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("power range, mileage minimum and '1re main' apply as they change; the count is the results shown", async ({
    page,
  }, testInfo) => {
    await open(page, "/recherche");
    const sidebar = page.getByRole("form", { name: "Filtres" });
    const total = await countOf(page);
    await chooseNewFilters(sidebar);
    await expect(page).toHaveURL(NEW_FILTERS_URL);
    await settled(page);
    await expect.poll(() => countOf(page)).toBeLessThan(total);
    const shown = await countOf(page);
    expect(shown).toBeGreaterThan(0);
    // Fewer than a page: every result is on it.
    expect(shown).toBeLessThanOrEqual(24);
    await expect(cards(page)).toHaveCount(shown);
    // The badges, removable, in French.
    for (const label of ["Dès 20\u202f000 km", "100 à 250 ch", "1re main"]) {
      await expect(page.getByRole("link", { name: `Retirer le filtre ${label}` })).toBeVisible();
    }
    // 'Voir N annonces' counts through /api/search/count: the same number.
    const counted = await page.evaluate(
      async () => (await (await fetch(`/api/search/count${location.search}`)).json()) as { total: number },
    );
    expect(counted.total).toBe(shown);
    await page.screenshot({ path: testInfo.outputPath("recherche-1280-nouveaux-filtres.png"), fullPage: false });

    // A badge removed on the page comes back into the sidebar.
    await page.getByRole("link", { name: "Retirer le filtre 1re main" }).click();
    await expect(page).not.toHaveURL(/owners=/);
    await expect(sidebar.getByRole("checkbox", { name: /^1re main/ })).not.toBeChecked();
    await expect(sidebar.getByLabel("Puissance minimum (ch)")).toHaveValue("100");
  });
});

test.describe("phones, 375 px: the dialog", () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test("'Voir N annonces' counts the power range, mileage minimum and '1re main', and the page shows N results", async ({
    page,
  }, testInfo) => {
    // A car published by another spec between the count and the results: tried again.
    await withoutOthersPublishing(async () => {
      await open(page, "/recherche");
      const total = await countOf(page);
      await page.getByRole("button", { name: /^Filtres/ }).click();
      const dialog = page.getByRole("dialog", { name: "Filtres" });
      const see = dialog.getByRole("button", { name: /^(Voir .*annonces?|Aucune annonce)$/ });
      await expect(see).toHaveText(/^Voir [\d\s\u202f]+ annonces$/);
      await chooseNewFilters(dialog);
      await expect(dialog.getByRole("button", { name: "Retirer le filtre 1re main" })).toBeVisible();
      const seen = async () => Number(((await see.textContent()) ?? "").replace(/\D/g, ""));
      await expect.poll(seen).toBeLessThan(total);
      await expect(see).toHaveText(/^Voir [\d\s\u202f]+ annonces?$/);
      const announced = await seen();
      await page.screenshot({ path: testInfo.outputPath("recherche-375-dialogue-nouveaux-filtres.png") });
      await see.click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(NEW_FILTERS_URL);
      await settled(page);
      expect(await countOf(page)).toBe(announced);
      expect(announced).toBeLessThanOrEqual(24);
      await expect(cards(page)).toHaveCount(announced);
    });
  });

  test("the filters' postal code offers the communes of the code, as the wizard does", async ({ page }) => {
    await open(page, "/recherche");
    await page.getByRole("button", { name: /^Filtres/ }).click();
    const dialog = page.getByRole("dialog", { name: "Filtres" });
    const code = dialog.getByRole("combobox", { name: "Code postal" });
    await code.fill("69001");
    await dialog.getByRole("option", { name: "Lyon 1er (69001)" }).click();
    await expect(dialog.getByText("Commune choisie :")).toContainText("Lyon 1er (69001)");
    await expect(dialog.getByRole("button", { name: /^Retirer le filtre Autour de Lyon 1er \(69001\)/ })).toBeVisible();
    await dialog.getByRole("button", { name: /^(Voir .*annonces?|Aucune annonce)$/ }).click();
    await expect(page).toHaveURL(/postalCode=69001&city=Lyon\+1er&radius=100/);
  });
});

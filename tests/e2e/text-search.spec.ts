import { expect, test, type Page } from "@playwright/test";
import { open, settled } from "./fixtures";

/**
 * Free-text search (issue 14) on the demo data of the e2e server, which has Peugeot 3008
 * hybrids whatever the draw (demo-market.ts, SEARCH_TEST_VEHICLES). Screenshots of each
 * width go to test-results/ for a look.
 */

const cards = (page: Page) => page.locator("main article");

/** "1 234 annonces" → 1234 (the line under the page's heading). */
async function resultCount(page: Page): Promise<number> {
  const text = await page.getByText(/^[\d\s\u00a0\u202f]+\+? annonces?$/).textContent();
  return Number((text ?? "").replace(/\D/g, ""));
}

/** Every result is a Peugeot 3008 hybrid, and the three recognised filters are badges. */
async function expectPeugeot3008Hybrids(page: Page) {
  await expect(page).toHaveURL(/brand=Peugeot&model=3008&energies=Hybride/);
  await settled(page);
  const badges = page.getByRole("region", { name: "Filtres appliqués" });
  for (const label of ["Marque : Peugeot", "Modèle : 3008", "Énergie : Hybride"]) {
    await expect(page.getByRole("link", { name: `Retirer le filtre ${label}` })).toBeVisible();
  }
  await expect(badges).toBeVisible();
  const count = await cards(page).count();
  expect(count).toBeGreaterThanOrEqual(2);
  for (let i = 0; i < count; i++) {
    await expect(cards(page).nth(i).getByRole("link").first()).toContainText("Peugeot 3008");
    await expect(cards(page).nth(i)).toContainText("Hybride");
  }
}

test.describe("wide screen (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("typing 'peugot 3008 hybride' in the header finds the Peugeot 3008 hybrids, shown as badges", async ({
    page,
  }) => {
    await open(page, "/");
    const box = page
      .getByRole("search", { name: "Recherche par mots, marque et modèle" })
      .getByRole("combobox", { name: "Mots recherchés" });
    await box.fill("peugot 3008 hybride");
    await box.press("Enter");
    await expectPeugeot3008Hybrids(page);
    await page.screenshot({ path: "test-results/text-search-1280.png", fullPage: false });

    // A badge removed: the energy goes, the brand and model stay.
    await page.getByRole("link", { name: "Retirer le filtre Énergie : Hybride" }).click();
    await expect(page).toHaveURL(/brand=Peugeot&model=3008$/);
  });

  test("typing 'clio moins de 10000' finds what brand=Renault&model=Clio&price=10000 finds, with its badges (issue 34)", async ({
    page,
  }) => {
    await open(page, "/");
    const box = page
      .getByRole("search", { name: "Recherche par mots, marque et modèle" })
      .getByRole("combobox", { name: "Mots recherchés" });
    await box.fill("clio moins de 10000");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/recherche\?brand=Renault&model=Clio&price=10000$/);
    await settled(page);
    for (const label of ["Marque : Renault", "Modèle : Clio", "Prix max : 10 000 €"]) {
      await expect(page.getByRole("link", { name: `Retirer le filtre ${label}` })).toBeVisible();
    }
    // No postal code was read in the five digits (10000 is Troyes).
    await expect(page.getByRole("link", { name: /Retirer le filtre Autour de/ })).toHaveCount(0);
    const typed = await resultCount(page);
    await page.screenshot({ path: "test-results/text-search-budget-1280.png", fullPage: false });

    await open(page, "/recherche?brand=Renault&model=Clio&price=10000");
    await settled(page);
    expect(await resultCount(page)).toBe(typed);
    expect(typed).toBeGreaterThan(0);

    // Then words naming another car, from the header whose selects show Renault Clio: a new
    // search for that car, not '308' among Clios.
    const header = page.getByRole("search", { name: "Recherche par mots, marque et modèle" });
    await expect(header.getByRole("combobox", { name: "Marque recherchée" })).toHaveValue("Renault");
    await box.fill("308 diesel après 2018");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/recherche\?brand=Peugeot&model=308&energies=Diesel&yearMin=2019$/);
    await expect(header.getByRole("combobox", { name: "Marque recherchée" })).toHaveValue("Peugeot");
  });

  test("suggestions: ↓ and Enter pick a model with the keyboard", async ({ page }) => {
    await open(page, "/");
    const box = page
      .getByRole("search", { name: "Recherche par mots, marque et modèle" })
      .getByRole("combobox", { name: "Mots recherchés" });
    await box.pressSequentially("peugeot 30", { delay: 30 });
    const list = page.getByRole("listbox", { name: "Suggestions pour mots recherchés" });
    await expect(list.getByRole("option", { name: /Peugeot 3008/ })).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await page.screenshot({ path: "test-results/text-search-suggestions-1280.png" });
    const options = list.getByRole("option");
    const labels = await options.allTextContents();
    const index = labels.findIndex((l) => l.startsWith("Peugeot 3008"));
    for (let i = 0; i <= index; i++) await box.press("ArrowDown");
    await expect(options.nth(index)).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await options.nth(index).getAttribute("id")) ?? "");
    await box.press("Enter");
    await expect(page).toHaveURL(/brand=Peugeot&model=3008/);
    await settled(page);
    await expect(page.getByRole("link", { name: "Retirer le filtre Modèle : 3008" })).toBeVisible();
  });

  test("suggestions: each commune of a shared postal code is offered, and picking one searches around it", async ({ page }) => {
    await open(page, "/recherche");
    const box = page.getByRole("search", { name: "Rechercher des mots" }).getByRole("combobox");
    await box.pressSequentially("41160", { delay: 30 });
    const list = page.getByRole("listbox");
    // 41160 is Beauce la Romaine and Danzé, 39 km apart.
    await expect(list.getByRole("option", { name: /^Beauce la Romaine \(41160\)/ })).toBeVisible();
    const danze = list.getByRole("option", { name: /^Danzé \(41160\)/ });
    await expect(danze).toBeVisible();
    await danze.click();
    await expect(page).toHaveURL(/postalCode=41160&city=Danz%C3%A9&radius=20/);
    await settled(page);
    await expect(page.getByRole("link", { name: "Retirer le filtre Autour de Danzé (41160) (20 km)" })).toBeVisible();
  });
});

test.describe("phone (375 px)", () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("typing 'peugot 3008 hybride' in the search popup finds the Peugeot 3008 hybrids", async ({ page }) => {
    await open(page, "/");
    await page.getByRole("banner").getByRole("button", { name: "Rechercher" }).click();
    const dialog = page.getByRole("dialog", { name: "Que rechercher vous ?" });
    await dialog.getByRole("combobox", { name: "Mots recherchés" }).fill("peugot 3008 hybride");
    await dialog.getByRole("button", { name: "Rechercher" }).click();
    await expectPeugeot3008Hybrids(page);
    await page.screenshot({ path: "test-results/text-search-375.png", fullPage: false });
  });

  test("typing 'clio moins de 10000' in the search popup finds what brand=Renault&model=Clio&price=10000 finds (issue 34)", async ({ page }) => {
    await open(page, "/");
    await page.getByRole("banner").getByRole("button", { name: "Rechercher" }).click();
    const dialog = page.getByRole("dialog", { name: "Que rechercher vous ?" });
    await dialog.getByRole("combobox", { name: "Mots recherchés" }).fill("clio moins de 10000");
    await dialog.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(/\/recherche\?brand=Renault&model=Clio&price=10000$/);
    await settled(page);
    for (const label of ["Marque : Renault", "Modèle : Clio", "Prix max : 10 000 €"]) {
      await expect(page.getByRole("link", { name: `Retirer le filtre ${label}` })).toBeVisible();
    }
    const typed = await resultCount(page);
    await page.screenshot({ path: "test-results/text-search-budget-375.png", fullPage: false });
    await open(page, "/recherche?brand=Renault&model=Clio&price=10000");
    await settled(page);
    expect(await resultCount(page)).toBe(typed);
    expect(typed).toBeGreaterThan(0);
  });

  test("suggestions on /recherche: ↓, ↑, Escape and Enter with the keyboard", async ({ page }) => {
    await open(page, "/recherche");
    const box = page.getByRole("search", { name: "Rechercher des mots" }).getByRole("combobox");
    await box.pressSequentially("ren", { delay: 30 });
    const list = page.getByRole("listbox");
    await expect(list.getByRole("option", { name: /^Renault/ }).first()).toBeVisible();
    await page.screenshot({ path: "test-results/text-search-suggestions-375.png" });
    await box.press("ArrowDown");
    await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await box.press("Escape");
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await box.press("ArrowDown");
    await expect(box).toHaveAttribute("aria-expanded", "true");
    const first = (await list.getByRole("option").first().textContent()) ?? "";
    expect(first).toMatch(/^Renault/);
    await box.press("Enter");
    await expect(page).toHaveURL(/brand=Renault/);
    await settled(page);
    await expect(page.getByRole("link", { name: "Retirer le filtre Marque : Renault" })).toBeVisible();
  });
});

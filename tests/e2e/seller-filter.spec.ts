import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolation, open, settled, withoutOthersPublishing } from "./fixtures";

/**
 * 'Vendeur : Particulier / Professionnel' (issue 33, `seller=private|pro`) on the demo listings
 * of the e2e server. The server cannot be seeded from here (PGlite is single-process): every
 * assertion is built from what the pages show. A listing is sold by a private person or by a
 * professional, never both: the two filtered lists share no listing and their counts add up to
 * the unfiltered count.
 */

const cards = (page: Page) => page.locator("main article");

/** "1 234 annonces" / "0 annonce" → the number (the line under the page's heading). */
async function resultCount(page: Page): Promise<number> {
  const text = await page.getByText(/^[\d\s\u00a0\u202f]+\+? annonces?$/).textContent();
  return Number((text ?? "").replace(/\D/g, ""));
}

async function cardLinks(page: Page): Promise<string[]> {
  return Promise.all(
    (await cards(page).all()).map(async (card) => (await card.getByRole("link").first().getAttribute("href")) ?? ""),
  );
}

async function chooseSeller(page: Page, label: "Tous" | "Particulier" | "Professionnel"): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name: "Filtres" });
  await page.getByRole("button", { name: /^Filtres/ }).click();
  await expect(dialog).toBeVisible();
  const choice = dialog.getByRole("radiogroup", { name: "Vendeur" }).getByRole("radio", { name: label });
  await choice.check();
  await expect(choice).toBeChecked();
  return dialog;
}

async function apply(page: Page, dialog: Locator) {
  const before = page.url();
  await dialog.getByRole("button", { name: SEE_LISTINGS }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(before);
  await settled(page);
}

/** The dialog's submit button: 'Voir 318 annonces', 'Aucune annonce' (issue 36). */
const SEE_LISTINGS = /^(Voir .*annonces?|Aucune annonce)$/;

// From 1024 px the filters are a sidebar (results-layout.spec.ts): the dialog is tested at 1000 px.
for (const width of [375, 1000]) {
  test(`${width} px: 'Professionnel' then 'Particulier' in the filters split the listings, in the URL, the badge and the count`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: width <= 768 ? 812 : 900 });
    // The counts are read seconds apart while other specs publish cars: retried if one came between.
    await withoutOthersPublishing(async () => {
      await open(page, "/recherche");
      const total = await resultCount(page);
      expect(total).toBeGreaterThan(0);

      const dialog = await chooseSeller(page, "Professionnel");
      await expectNoSeriousAxeViolation(page);
      await page.screenshot({ path: testInfo.outputPath(`vendeur-dialogue-${width}.png`) });
      await apply(page, dialog);
      await expect(page).toHaveURL(/[?&]seller=pro(&|$)/);
      await expect(page.getByRole("link", { name: "Retirer le filtre Vendeur : Professionnel" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toContainText("d'occasion de professionnels");
      const pro = await resultCount(page);
      const proLinks = await cardLinks(page);
      // One page holds 24 cards: the count and the cards agree.
      expect(proLinks.length).toBe(Math.min(pro, 24));
      await page.screenshot({ path: testInfo.outputPath(`vendeur-pro-${width}.png`), fullPage: false });

      // The dialog reopens on 'Professionnel'; 'Particulier' replaces it.
      const again = await chooseSeller(page, "Particulier");
      await apply(page, again);
      await expect(page).toHaveURL(/[?&]seller=private(&|$)/);
      await expect(page).not.toHaveURL(/seller=pro/);
      await expect(page.getByRole("link", { name: "Retirer le filtre Vendeur : Particulier" })).toBeVisible();
      const individuals = await resultCount(page);
      const privateLinks = await cardLinks(page);
      expect(privateLinks.length).toBe(Math.min(individuals, 24));
      expect(privateLinks.filter((href) => proLinks.includes(href))).toEqual([]);
      expect(pro + individuals).toBe(total);

      // Removing the badge brings every seller back, and the parameter leaves the URL.
      await page.getByRole("link", { name: "Retirer le filtre Vendeur : Particulier" }).click();
      await expect(page).not.toHaveURL(/seller=/);
      await settled(page);
      expect(await resultCount(page)).toBe(total);

      // A hand-typed value that is not one is ignored, with a French message.
      await open(page, "/recherche?seller=garage");
      await expect(
        page.getByText("Vendeur inconnu, ignoré : « garage » (seller=private ou seller=pro)."),
      ).toBeVisible();
      expect(await resultCount(page)).toBe(total);
    });
  });
}

import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO_PASSWORD, logInThroughUi, signUpThroughUi, sitemapText, uniqueEmail, waitForEmail } from "./fixtures";
import { makePhotoFiles, submitThroughWizard } from "./publishing";

let photos: string[] = [];
test.beforeAll(async () => {
  photos = await makePhotoFiles(["#1abc9c", "#e67e22"]);
});

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

async function moderatorPage(
  browser: Browser,
  baseURL: string | undefined,
  device: { viewport?: { width: number; height: number }; isMobile?: boolean; hasTouch?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: "fr-FR", timezoneId: "Europe/Paris", ...device });
  const page = await context.newPage();
  await page.goto("/home");
  await expect(await logInThroughUi(page, "moderateur@occazio.local", DEMO_PASSWORD)).toBeHidden();
  await page.goto("/moderation");
  await expect(page.getByRole("heading", { level: 1, name: "Modération" })).toBeVisible();
  return page;
}

test.describe("moderation", () => {
  test("publish → validate: the listing goes live and the seller gets the French e-mail with a working link", async ({ page, browser, baseURL }) => {
    test.setTimeout(150_000);
    const email = uniqueEmail("vendeur");
    const model = `Giulia ${Date.now().toString(36)}`;
    await signUpThroughUi(page, email);
    await submitThroughWizard(page, "Alfa Romeo", model, photos);

    const moderator = await moderatorPage(browser, baseURL);
    const card = moderator.getByRole("article", { name: new RegExp(`Alfa Romeo ${model}$`) });
    await expect(card).toBeVisible();
    await expect(card.getByRole("list", { name: "Vérifications" })).toBeVisible();
    // Keyboard review: focus the item, V validates.
    await card.focus();
    await moderator.keyboard.press("v");
    await expect(moderator.getByText("Annonce validée : elle est en ligne.")).toBeVisible();
    await moderator.context().close();

    const mail = await waitForEmail(email, /^Votre annonce est en ligne$/);
    expect(mail.text).toContain(`Alfa Romeo ${model}`);
    const link = /(http:\/\/\S+\/annonce\/\S+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Alfa Romeo - ${model}`);
    // No 'en attente' or 'refusée' banner (the share menu's live region stays, empty).
    await expect(page.getByTestId("listing-status-banner")).toHaveCount(0);
  });

  test("a published listing's material edit waits for the moderator while buyers see the approved version", async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail("vendeur");
    const model = `Stelvio ${Date.now().toString(36)}`;
    await signUpThroughUi(page, email);
    await submitThroughWizard(page, "Alfa Romeo", model, photos);
    const moderator = await moderatorPage(browser, baseURL);
    await moderator.getByRole("article", { name: new RegExp(`^Annonce .* Alfa Romeo ${model}$`) }).getByRole("button", { name: /^Valider/ }).click();
    await expect(moderator.getByText("Annonce validée : elle est en ligne.")).toBeVisible();

    // The seller rewrites the description, the mileage and drops the price.
    await page.goto("/hosting?onglet=publiees");
    const item = page.getByRole("article", { name: `Alfa Romeo ${model}` });
    await item.getByRole("link", { name: /^Modifier/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Modifier mon annonce" })).toBeVisible();
    const listingId = page.url().split("/edit-annonce/")[1] ?? "";
    await page.getByLabel("Description").fill("Moteur neuf, aucun défaut, première main.");
    await page.getByLabel("Kilométrage (km)").fill("12000");
    await page.getByLabel("Prix (€)").fill("4500");
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Vos modifications seront visibles après validation" })).toBeVisible();
    await expect(page.getByRole("article", { name: `Alfa Romeo ${model}` }).getByText("Modification en attente de modération")).toBeVisible();

    // A buyer sees the approved text with the new price.
    const buyer = await browser.newPage({ baseURL });
    await buyer.goto(`/annonce/${listingId}`);
    await expect(buyer.getByRole("heading", { level: 1 })).toHaveText(`Alfa Romeo - ${model}`);
    await expect(buyer.getByText("Moteur neuf, aucun défaut")).toHaveCount(0);
    await expect(buyer.locator("main")).toContainText("4 500 €");

    // The moderator sees the diff and the large price drop, and validates.
    await moderator.reload();
    const revision = moderator.getByRole("article", { name: new RegExp(`^Modification : Alfa Romeo ${model}`) });
    await expect(revision).toContainText("Moteur neuf, aucun défaut, première main.");
    await expect(moderator.getByRole("region", { name: /Changements de prix importants/ })).toContainText(`Alfa Romeo ${model}`);
    await revision.getByRole("button", { name: "Valider la modification" }).click();
    await expect(moderator.getByText("Modification validée : les acheteurs voient la nouvelle version.")).toBeVisible();
    await moderator.context().close();

    await buyer.reload();
    await expect(buyer.getByText("Moteur neuf, aucun défaut, première main.")).toBeVisible();
    await buyer.close();
    await waitForEmail(email, /^Votre modification est en ligne$/);
    await page.goto("/hosting?onglet=publiees");
    await expect(page.getByRole("article", { name: `Alfa Romeo ${model}` })).toBeVisible();
    await expect(page.getByText("Modification en attente de modération")).toHaveCount(0);
  });

  test("reject with a reason → the seller edits → back in the queue → validate", async ({ page, browser, baseURL }) => {
    test.setTimeout(150_000);
    const email = uniqueEmail("refus");
    const model = `Tonale ${Date.now().toString(36)}`;
    await signUpThroughUi(page, email);
    await submitThroughWizard(page, "Alfa Romeo", model, photos);

    const moderator = await moderatorPage(browser, baseURL);
    const card = moderator.getByRole("article", { name: new RegExp(`Alfa Romeo ${model}$`) });
    await card.getByRole("button", { name: /^Refuser/ }).click();
    await card.getByLabel("Motif du refus").selectOption("price");
    await card.getByLabel(/Précisions pour le vendeur/).fill("Le prix semble trop élevé pour ce kilométrage.");
    await card.getByRole("button", { name: "Refuser l'annonce" }).click();
    await expect(moderator.getByText("Annonce refusée : le vendeur a été prévenu.")).toBeVisible();

    const mail = await waitForEmail(email, /^Votre annonce doit être corrigée$/);
    expect(mail.text).toContain("Motif : Prix manifestement erroné : Le prix semble trop élevé pour ce kilométrage.");

    await page.goto("/hosting");
    const item = page.getByRole("article", { name: `Alfa Romeo ${model}` });
    await expect(item).toContainText("Prix manifestement erroné");
    await item.getByRole("link", { name: /^Modifier/ }).click();
    await page.getByLabel(/^Prix/).fill("29500");
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByText("Annonce mise à jour avec succès !")).toBeVisible();

    await moderator.reload();
    const again = moderator.getByRole("article", { name: new RegExp(`Alfa Romeo ${model}$`) });
    await expect(again).toBeVisible();
    await again.getByRole("button", { name: /^Valider/ }).click();
    await expect(moderator.getByText("Annonce validée : elle est en ligne.")).toBeVisible();
    await moderator.context().close();
  });

  test("a visitor's report reaches the queue; removal takes the listing out of public view", async ({ page, browser, baseURL }) => {
    test.setTimeout(150_000);
    // A listing of this test's own (demo listings are shared with the other specs).
    const model = `Stelvio ${Date.now().toString(36)}`;
    const seller = await signUpThroughUi(page);
    await submitThroughWizard(page, "Alfa Romeo", model, photos);
    const validator = await moderatorPage(browser, baseURL);
    await validator.getByRole("article", { name: new RegExp(`Alfa Romeo ${model}$`) }).getByRole("button", { name: /^Valider/ }).click();
    await expect(validator.getByText("Annonce validée : elle est en ligne.")).toBeVisible();
    await validator.context().close();

    // Any visitor (here signed out, in a fresh context) can report it.
    await page.context().clearCookies();
    const sitemap = await sitemapText(page.request);
    const listingPath = new RegExp(`/annonce/[0-9a-f-]{36}/alfa-romeo-${model.toLowerCase().replace(/\s+/g, "-")}[^<]*`).exec(sitemap)?.[0];
    expect(listingPath).toBeTruthy();
    const listingUrl = new URL(listingPath!, page.url()).toString();
    await page.goto(listingUrl);
    const title = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
    const listingId = /\/annonce\/([0-9a-f-]{36})/.exec(listingUrl)?.[1] ?? "";
    await page.getByRole("button", { name: "Signaler l'annonce" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Arnaque ou fraude suspectée").check();
    await dialog.getByLabel("Précisions (facultatif)").fill("Le vendeur demande un acompte par mandat cash.");
    await dialog.getByRole("button", { name: "Envoyer le signalement" }).click();
    await expect(dialog.getByRole("status")).toHaveText("Merci : votre signalement a été transmis à notre équipe de modération.");

    const moderator = await moderatorPage(browser, baseURL);
    await moderator.getByRole("link", { name: /^Signalements/ }).click();
    const report = moderator.getByRole("listitem").filter({ hasText: "Le vendeur demande un acompte par mandat cash." });
    await expect(report).toContainText(title.replace(" - ", " "));
    await report.getByRole("button", { name: "Retirer l'annonce" }).click();
    await expect(moderator.getByText("Annonce retirée : le vendeur a été prévenu.")).toBeVisible();

    // Buyers and visitors: 'Cette annonce n'est plus en ligne' (410, issue 36), nothing of the listing.
    const response = await page.goto(listingUrl);
    expect(response?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1, name: "Cette annonce n'est plus en ligne" })).toBeVisible();

    // The moderator still sees it, with who removed it, when and why…
    await moderator.goto(listingUrl);
    const banner = moderator.getByTestId("listing-status-banner");
    await expect(banner).toContainText(/Cette annonce a été retirée par \S+ le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\. Motif : Arnaque ou fraude suspectée/);
    await expect(banner).not.toContainText("l'équipe de modération");
    // …and the removal is in the journal, which can be narrowed to this listing.
    await moderator.goto("/moderation?onglet=historique");
    const decisions = moderator.getByRole("list", { name: "Décisions de modération" });
    const removal = decisions.getByRole("listitem").filter({ hasText: "Annonce retirée après signalement" }).filter({ hasText: model });
    await expect(removal).toBeVisible();
    await removal.getByRole("link", { name: "Historique de cette annonce" }).click();
    await expect(moderator).toHaveURL(new RegExp(`annonce=${listingId}`));
    await expect(moderator.getByText(`Annonce : Alfa Romeo ${model}`)).toBeVisible();
    await expect(decisions.getByRole("listitem")).toHaveCount(2);
    await expect(decisions.getByRole("listitem").nth(0)).toContainText("Annonce retirée après signalement");
    await expect(decisions.getByRole("listitem").nth(1)).toContainText("Annonce validée");
    await moderator.context().close();

    // The seller sees it too, removed by "l'équipe de modération" (no moderator's name).
    await page.goto("/home");
    await expect(await logInThroughUi(page, seller.email, seller.password)).toBeHidden();
    await page.goto(listingUrl);
    await expect(page.getByTestId("listing-status-banner")).toContainText(
      /Cette annonce a été retirée par l'équipe de modération le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\. Motif : Arnaque ou fraude suspectée/,
    );
  });

  for (const [label, device, hintsShown] of [
    ["1280 px with a mouse", { viewport: { width: 1280, height: 900 } }, true],
    ["375 px on a touch phone", PHONE, false],
  ] as const) {
    test(`keyboard shortcut hints are shown only where a keyboard is likely (${label})`, async ({ browser, baseURL }) => {
      test.setTimeout(60_000);
      const moderator = await moderatorPage(browser, baseURL, device);
      await expect(moderator.getByText(/annonces? en attente/).first()).toBeVisible();
      const hints = moderator.locator("[data-key-hint]");
      await expect(hints.first()).toBeAttached();
      if (hintsShown) await expect(hints.first()).toBeVisible();
      else for (const hint of await hints.all()) await expect(hint).toBeHidden();
      await expect(moderator.getByText("Raccourcis : J / K")).toBeVisible({ visible: hintsShown });
      // Nothing overflows the screen.
      const overflow = await moderator.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await moderator.context().close();
    });
  }

  test("non-moderators get a 404 for the moderation page", async ({ page }) => {
    expect((await page.goto("/moderation"))?.status()).toBe(404);
    await signUpThroughUi(page);
    expect((await page.goto("/moderation"))?.status()).toBe(404);
  });
});

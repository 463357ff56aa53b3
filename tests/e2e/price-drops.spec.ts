import fs from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO_PASSWORD, emailsTo, logInThroughUi, signUpThroughUi, uniqueEmail, waitForEmail } from "./fixtures";
import { makePhotoFiles, submitThroughWizard } from "./publishing";

// A price drop on a favourite (issue 13): the buyer sees 'Prix en baisse' and the old price
// struck through on the card, the detail page and /wishlists, and gets one e-mail.
// The e2e server runs with PRICE_DROP_EMAIL_DELAY_SECONDS=0 (playwright.config.ts).

let photos: string[] = [];
test.beforeAll(async () => {
  photos = await makePhotoFiles(["#34495e", "#f1c40f"]);
});

const SHOTS = process.env.SCREENSHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

async function contextPage(browser: Browser, baseURL: string | undefined, width: number): Promise<Page> {
  const phone = width <= 768;
  const context = await browser.newContext({
    baseURL,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    viewport: { width, height: phone ? 812 : 900 },
    isMobile: phone,
    hasTouch: phone,
  });
  return context.newPage();
}

for (const width of [375, 1280]) {
  test(`${width} px: a favourite's price drop shows struck through on the card, the detail and /wishlists, and arrives in one e-mail`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const model = `Giulietta ${Date.now().toString(36)}`;
    const title = `Alfa Romeo ${model}`;
    // The seller publishes at 38 000 €; a moderator validates.
    await signUpThroughUi(page, uniqueEmail("vendeur"));
    await submitThroughWizard(page, "Alfa Romeo", model, photos);
    const moderator = await contextPage(browser, baseURL, 1280);
    await moderator.goto("/home");
    await expect(await logInThroughUi(moderator, "moderateur@occazio.local", DEMO_PASSWORD)).toBeHidden();
    await moderator.goto("/moderation");
    await moderator.getByRole("article", { name: new RegExp(`^Annonce .* ${title}$`) }).getByRole("button", { name: /^Valider/ }).click();
    await expect(moderator.getByText("Annonce validée : elle est en ligne.")).toBeVisible();
    await moderator.context().close();

    // The buyer, at this width, saves it from the results.
    const buyer = await contextPage(browser, baseURL, width);
    const { email } = await signUpThroughUi(buyer, uniqueEmail("acheteur"));
    const results = `/recherche?${new URLSearchParams({ brand: "Alfa Romeo", model })}`;
    await buyer.goto(results);
    const card = buyer.getByRole("article").filter({ hasText: title });
    await expect(card).toContainText(/38\s000\s€/);
    const save = card.getByRole("button", { name: /Ajouter aux favoris/ });
    const saved = buyer.waitForResponse((r) => r.url().includes("/api/favorites") && r.request().method() === "POST" && r.ok());
    await save.click();
    await saved;

    // The seller lowers the price.
    await page.goto("/hosting?onglet=publiees");
    await page.getByRole("article", { name: title }).getByRole("link", { name: /^Modifier/ }).click();
    await page.getByLabel(/^Prix/).fill("35500");
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByText("Annonce mise à jour avec succès !")).toBeVisible();

    // Search results: the new price, 'Prix en baisse', the old price struck through.
    await buyer.goto(results);
    await expect(card).toContainText("Prix en baisse");
    await expect(card.locator("s")).toHaveText(/38\s000\s€/);
    await expect(card).toContainText(/35\s500\s€/);
    await card.scrollIntoViewIfNeeded();
    await shot(buyer, `price-drop-card-${width}`);

    // The detail page: the same, and the price history.
    await card.getByRole("link", { name: title }).click();
    await expect(buyer.getByRole("heading", { level: 1 })).toHaveText(`Alfa Romeo - ${model}`);
    await expect(buyer.getByText("Prix en baisse", { exact: true }).filter({ visible: true }).first()).toBeVisible();
    const history = buyer.getByRole("region", { name: "Historique du prix" });
    await expect(history.getByRole("listitem")).toHaveCount(1);
    await expect(history.getByRole("listitem")).toContainText(/38\s000\s€.*35\s500\s€.*Baisse/);
    await shot(buyer, `price-drop-detail-${width}`);
    await history.scrollIntoViewIfNeeded();
    await shot(buyer, `price-drop-history-${width}`);

    // /wishlists.
    await buyer.goto("/wishlists");
    const favourite = buyer.getByRole("article").filter({ hasText: title });
    await expect(favourite).toContainText("Prix en baisse");
    await expect(favourite.locator("s")).toHaveText(/38\s000\s€/);
    await shot(buyer, `price-drop-wishlists-${width}`);

    // One e-mail at the SMTP peer: title, old → new price, a link to the listing.
    const mail = await waitForEmail(email, /^Prix en baisse sur vos favoris$/);
    expect(mail.text).toContain(title);
    expect(mail.text).toMatch(/38\s000\s€ → 35\s500\s€/);
    const link = /(http:\/\/\S+\/annonce\/\S+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    expect((await emailsTo(email)).filter((m) => m.subject === "Prix en baisse sur vos favoris")).toHaveLength(1);
    await buyer.goto(link!);
    await expect(buyer.getByRole("heading", { level: 1 })).toHaveText(`Alfa Romeo - ${model}`);
    await buyer.context().close();
  });
}

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_PASSWORD, logInThroughUi, open, signUpThroughUi, waitForEmail } from "./fixtures";
import { fillUpToPhotos, makePhotoFiles, next } from "./publishing";

/** Screenshots of the changed screens, for a person to look at (not compared). */
const SHOTS = path.join(os.tmpdir(), "occazio-price-rating-shots");
fs.mkdirSync(SHOTS, { recursive: true });

async function expectExplained(page: Page) {
  const section = page.getByRole("region", { name: "Prix par rapport au marché" });
  await expect(section).toBeVisible();
  await expect(section.getByText(/^(Très bonne affaire|Bonne affaire)$/)).toBeVisible();
  await expect(section.getByText(/Le prix est (nettement )?inférieur à la fourchette estimée\./)).toBeVisible();
  await expect(section.getByText(/Estimation du marché pour ce véhicule :/)).toContainText(
    /\d[\d\s\u202f]*\s€ – \d[\d\s\u202f]*\s€/,
  );
  await expect(section.getByText(/d'après \d+ annonces comparables \(Peugeot 208 en ligne\)/)).toBeVisible();
  const chart = section.getByRole("img", { name: /Prix selon le kilométrage des annonces Peugeot 208 comparables/ });
  await expect(chart).toBeVisible();
  await expect(section.getByText("Cette annonce", { exact: true })).toBeVisible();
  // The chart fits the screen, and the page does not scroll sideways.
  const box = (await chart.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  // The chart spans the card; every point lies between its first and last gridlines; the labels
  // of both axes are whole (inside the card) and never run into one another.
  const geometry = await chart.evaluate((plot) => {
    const card = plot.closest("section")!.getBoundingClientRect();
    const rect = (el: Element) => el.getBoundingClientRect();
    const lines = [...plot.querySelectorAll("line")]
      .filter((l) => l.getAttribute("y1") === l.getAttribute("y2"))
      .map((l) => rect(l).top);
    const dots = [...plot.querySelectorAll("circle")].map((c) => {
      const r = rect(c);
      return (r.top + r.bottom) / 2;
    });
    const labels = [...plot.querySelectorAll("text")].filter((t) => t.getClientRects().length > 0).map(rect);
    return {
      card: { left: card.left, right: card.right, width: card.width },
      plotWidth: rect(plot).width,
      top: Math.min(...lines),
      bottom: Math.max(...lines),
      dots,
      labels: labels.map((r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom })),
    };
  });
  expect(geometry.plotWidth).toBeGreaterThan(geometry.card.width * 0.85);
  for (const y of geometry.dots) {
    expect(y).toBeGreaterThanOrEqual(geometry.top - 0.5);
    expect(y).toBeLessThanOrEqual(geometry.bottom + 0.5);
  }
  geometry.labels.forEach((a, i) => {
    expect(a.left).toBeGreaterThanOrEqual(geometry.card.left);
    expect(a.right).toBeLessThanOrEqual(geometry.card.right);
    for (const b of geometry.labels.slice(i + 1)) {
      const apart = a.right + 4 <= b.left || b.right + 4 <= a.left || a.bottom <= b.top || b.bottom <= a.top;
      expect(apart, "libellés du graphique séparés").toBe(true);
    }
  });
  // The label also sits under the title, linking to the explanation.
  await expect(page.getByRole("link", { name: /^(Très bonne affaire|Bonne affaire)$/ })).toHaveAttribute(
    "href",
    "#prix-marche",
  );
}

test.describe("market price rating", () => {
  test("a listing priced well under its comparables shows 'Bonne affaire' or better with its explanation and chart, at 1280 and 375 px", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const photos = await makePhotoFiles(["#16a085", "#d35400"]);
    const { email } = await signUpThroughUi(page);
    // A 2021 Peugeot 208 with 30 000 km for 6 000 €: far under the demo market's 208s.
    await fillUpToPhotos(page, "Peugeot", "208");
    await page.getByLabel("Ajouter des photos").setInputFiles(photos);
    await expect(page.getByText("Photo enregistrée")).toHaveCount(2);
    // Previews end up as the server's WebP once the step has nothing left to send (issue 34).
    await expect(page.getByRole("list", { name: "Photos de l'annonce" }).getByRole("img").first()).toHaveAttribute(
      "src",
      /^\/uploads\/listings\/.+\.webp$/,
    );
    await next(page, 8);
    // The price step gives the seller the market's range for this car, and the label buyers would
    // see follows the price as it is typed (issue 34).
    const guidance = page.getByTestId("price-guidance");
    await expect(guidance).toContainText(/^Prix du marché estimé : [\d\s]+€ – [\d\s]+€/);
    await expect(guidance).toContainText(/Les Peugeot 208 .* de 2021 autour de 30\s000\skm se vendent entre .* \(\d+ annonces comparables\)/);
    await expect(guidance).toContainText("Saisissez un prix pour voir comment les acheteurs le verront.");
    await page.getByLabel("Prix (€)").fill("60000");
    await expect(guidance).toContainText(/À 60\s000\s€, votre annonce serait signalée aux acheteurs : Prix (très )?élevé\./);
    await page.getByLabel("Prix (€)").fill("6000");
    await expect(guidance).toContainText(/À 6\s000\s€, votre annonce serait signalée aux acheteurs : (Très bonne|Bonne) affaire\./);
    await page.getByRole("button", { name: "Publier l'annonce" }).click();
    await expect(page.getByRole("heading", { name: "Annonce publiée avec succès !" })).toBeVisible();

    // The moderator's price check uses the same market estimate.
    const moderation = await browser.newContext({ baseURL, locale: "fr-FR", timezoneId: "Europe/Paris" });
    const moderator = await moderation.newPage();
    await moderator.goto("/home");
    await expect(await logInThroughUi(moderator, "moderateur@occazio.local", DEMO_PASSWORD)).toBeHidden();
    await moderator.goto("/moderation");
    const card = moderator.getByRole("article", { name: /Peugeot 208$/ }).filter({ hasText: "6 000 €" });
    const checks = card.getByRole("list", { name: "Vérifications" });
    // Far under the market, but not the "manifestly wrong" price (under half the estimate) that is flagged.
    await expect(
      checks.getByText(/^Estimation du marché : \d[\d\s\u202f]*\s€ – \d[\d\s\u202f]*\s€ \(\d+ annonces comparables\)/),
    ).toBeVisible();
    await expect(checks.getByText(/^(Très bonne affaire|Bonne affaire)$/)).toBeVisible();
    await card.screenshot({ path: path.join(SHOTS, "moderation-card-1280.png") });
    await card.getByRole("button", { name: /^Valider/ }).click();
    await expect(moderator.getByText("Annonce validée : elle est en ligne.")).toBeVisible();
    await moderation.close();

    const mail = await waitForEmail(email, /^Votre annonce est en ligne$/);
    const link = /(http:\/\/\S+\/annonce\/\S+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(link!);
    await expectExplained(page);
    await page.getByRole("region", { name: "Prix par rapport au marché" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, "detail-1280.png"), fullPage: true });

    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expectExplained(page);
    await page.screenshot({ path: path.join(SHOTS, "detail-375.png"), fullPage: true });

    // In search, 'Bonnes affaires d'abord' puts it (or a better deal) first, with its label on the
    // card: beside the price on large cards, over the photo's corner on the phone's compact card.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/recherche?brand=Peugeot&model=208&sort=deals");
      const first = page.getByRole("article").first();
      await expect(first.getByText(/^(Très bonne affaire|Bonne affaire)$/).filter({ visible: true })).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `search-deals-${width}.png`) });
    }
  });
});

test.describe("the edit form's market estimate", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("follows the mileage and the model as they are typed, without saving (issue 34)", async ({ page }) => {
    await page.goto("/home");
    await expect(await logInThroughUi(page, "vendeur@occazio.local", DEMO_PASSWORD)).toBeHidden();
    await page.goto("/hosting?onglet=publiees");
    const edit = page.getByRole("link", { name: /^Modifier / }).first();
    const url = await edit.getAttribute("href");
    await open(page, url!);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") posts.push(request.url());
    });
    const guidance = page.getByTestId("price-guidance");
    await expect(guidance).toContainText(/Prix du marché estimé|Pas assez d'annonces comparables/);
    const mileage = page.getByLabel("Kilométrage (km)");
    await mileage.fill("234567");
    await expect(guidance).toContainText(/autour de 234\s567\skm/);
    await mileage.fill("1200");
    await expect(guidance).toContainText(/autour de 1\s200\skm/);
    // Asked, not saved: no form was sent.
    expect(posts).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, "edit-form-live-estimate-1280.png") });
  });
});

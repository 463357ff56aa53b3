import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import { luhnValid } from "../../app/features/pro/siret";
import { DEMO_PASSWORD, logInThroughUi, signUpThroughUi, uniqueEmail, waitForEmail } from "./fixtures";

const SHOTS = path.join(os.tmpdir(), "occazio-shots");

/** A SIRET no other test holds: 13 random digits and the Luhn key. */
function randomSiret(): string {
  const head = Array.from({ length: 13 }, (_, i) => (i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10))).join("");
  for (let key = 0; key < 10; key++) if (luhnValid(`${head}${key}`)) return `${head}${key}`;
  throw new Error("unreachable");
}

async function logoFile(): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "occazio-e2e-logo-")), "logo.png");
  await sharp({ create: { width: 300, height: 300, channels: 3, background: "#0b6e4f" } }).png().toFile(file);
  return file;
}

async function moderatorPage(browser: Browser, baseURL: string | undefined, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: "fr-FR", timezoneId: "Europe/Paris", viewport });
  const page = await context.newPage();
  await page.goto("/home");
  await expect(await logInThroughUi(page, "moderateur@occazio.local", DEMO_PASSWORD)).toBeHidden();
  return page;
}

for (const width of [375, 1280]) {
  test.describe(`${width} px`, () => {
    const viewport = { width, height: width <= 768 ? 812 : 900 };
    test.use({ viewport });

    test("a user becomes a professional with a logo, waits for verification, a moderator validates it", async ({ page, browser, baseURL }) => {
      test.setTimeout(180_000);
      fs.mkdirSync(SHOTS, { recursive: true });
      const email = uniqueEmail("pro");
      const company = `Garage du Parc ${Date.now().toString(36)}`;
      const siret = randomSiret();
      await signUpThroughUi(page, email);

      await page.goto("/account-settings");
      await page.locator('a[href="/account/professionnel"]:visible').first().click();
      await expect(page.getByRole("heading", { level: 1, name: "Je suis un professionnel" })).toBeVisible();

      // Every problem at once, each next to its field.
      await page.getByLabel("Numéro SIRET").fill("732 829 320");
      await page.getByRole("button", { name: "Envoyer pour vérification" }).click();
      await expect(page.getByText("Le numéro SIRET compte 14 chiffres : vous en avez saisi 9.")).toBeVisible();
      await expect(page.getByText("Indiquez la raison sociale de votre entreprise")).toBeVisible();
      await expect(page.getByText("Indiquez le numéro de téléphone de votre établissement.")).toBeVisible();
      await expect(page.getByRole("alert").filter({ hasText: "champs sont à corriger" })).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `pro-form-errors-${width}.png`), fullPage: true });

      await page.getByLabel("Raison sociale").fill(company);
      await page.getByLabel("Numéro SIRET").fill(siret);
      await page.getByLabel("Adresse de l'établissement").fill("8 avenue Jean Jaurès");
      await page.getByRole("combobox", { name: "Code postal" }).fill("69003");
      await page.getByRole("listbox", { name: "Communes" }).getByRole("option").first().click();
      await page.getByLabel("Téléphone de l'établissement").fill("04 78 00 11 22");
      await page.getByLabel("Logo (facultatif)").setInputFiles(await logoFile());
      await expect(page.getByTestId("logo-preview")).toBeVisible();
      await page.getByLabel("Présentation (facultative)").fill("Véhicules d'occasion révisés et garantis, reprise possible.");
      await page.getByRole("button", { name: "Envoyer pour vérification" }).click();
      await expect(page.getByTestId("pro-status")).toHaveText("Professionnel — en attente de vérification");
      await page.screenshot({ path: path.join(SHOTS, `pro-pending-${width}.png`), fullPage: true });
      await page.goto("/account-settings");
      await expect(page.getByText("Professionnel — en attente de vérification").filter({ visible: true })).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `pro-account-card-${width}.png`) });

      const moderator = await moderatorPage(browser, baseURL, viewport);
      await moderator.goto("/moderation");
      await moderator.getByRole("link", { name: /^Professionnels \(\d+\)$/ }).click();
      const card = moderator.getByRole("article", { name: company });
      await expect(card).toBeVisible();
      await expect(card.getByTestId("pro-siret")).toHaveText(`${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}`);
      await expect(card.getByText(email)).toBeVisible();
      await expect(card.getByRole("img")).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await moderator.screenshot({ path: path.join(SHOTS, `pro-moderation-${width}.png`) });
      await card.getByRole("button", { name: "Valider" }).click();
      await expect(moderator.getByText("Professionnel vérifié : il a été prévenu par e-mail.")).toBeVisible();
      await moderator.context().close();

      const mail = await waitForEmail(email, /^Votre compte professionnel est vérifié$/);
      expect(mail.text).toContain(company);
      await page.goto("/account/professionnel");
      await expect(page.getByTestId("pro-status")).toHaveText("Professionnel vérifié");
      await page.screenshot({ path: path.join(SHOTS, `pro-verified-${width}.png`), fullPage: true });
    });
  });
}

import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import { luhnValid } from "../../app/features/pro/siret";
import { DEMO_PASSWORD, logInThroughUi, signUpThroughUi, uniqueEmail } from "./fixtures";

/**
 * Issue 35, first slice: a verified professional uploads its stock file on 'Mon stock', sees
 * the report with the rejected line, and the imported car (photos fetched from a local HTTP
 * server: the e2e server runs with PHOTO_FETCH_ALLOW_PRIVATE=true) waits in moderation.
 */
const SHOTS = path.join(os.tmpdir(), "occazio-stock-shots");

let server: http.Server;
let photoBase: string;
let feedBody = "";

test.beforeAll(async () => {
  const jpeg = await sharp({ create: { width: 1024, height: 768, channels: 3, background: "#1f4e8c" } })
    .jpeg()
    .toBuffer();
  server = http.createServer((req, res) => {
    // The 'Flux automatique' test's feed; every other path is a photo.
    if (req.url?.startsWith("/feed.csv")) {
      res.writeHead(200, { "content-type": "text/csv; charset=utf-8", etag: '"f1"' }).end(feedBody);
      return;
    }
    res.writeHead(200, { "content-type": "image/jpeg" }).end(jpeg);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  photoBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

function randomSiret(): string {
  const head = Array.from({ length: 13 }, (_, i) =>
    i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10),
  ).join("");
  for (let key = 0; key < 10; key++) if (luhnValid(`${head}${key}`)) return `${head}${key}`;
  throw new Error("unreachable");
}

async function moderatorPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.goto("/home");
  await expect(await logInThroughUi(page, "moderateur@occazio.local", DEMO_PASSWORD)).toBeHidden();
  return page;
}

/** A signed-up account made a verified professional (its form, then a moderator's 'Valider'). */
async function becomeVerifiedPro(page: Page, browser: Browser, baseURL: string | undefined): Promise<string> {
  const company = `Alpine Passion ${Date.now().toString(36)}`;
  await signUpThroughUi(page, uniqueEmail("stock"));
  await page.goto("/account/professionnel");
  await page.getByLabel("Raison sociale").fill(company);
  await page.getByLabel("Numéro SIRET").fill(randomSiret());
  await page.getByLabel("Adresse de l'établissement").fill("3 rue de la République");
  await page.getByRole("combobox", { name: "Code postal" }).fill("76200");
  await page.getByRole("listbox", { name: "Communes" }).getByRole("option").first().click();
  await page.getByLabel("Téléphone de l'établissement").fill("02 35 00 11 22");
  await page.getByRole("button", { name: "Envoyer pour vérification" }).click();
  await expect(page.getByTestId("pro-status")).toHaveText("Professionnel — en attente de vérification");
  const moderator = await moderatorPage(browser, baseURL);
  await moderator.goto("/moderation");
  await moderator.getByRole("link", { name: /^Professionnels \(\d+\)$/ }).click();
  await moderator.getByRole("article", { name: company }).getByRole("button", { name: "Valider" }).click();
  await expect(moderator.getByText("Professionnel vérifié : il a été prévenu par e-mail.")).toBeVisible();
  await moderator.context().close();
  return company;
}

test("a verified professional imports its stock file, reads the report and finds the car in moderation", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await becomeVerifiedPro(page, browser, baseURL);

  await page.goto("/account/professionnel");
  await page.getByRole("link", { name: "Mon stock : importer vos véhicules" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mon stock" })).toBeVisible();

  // The help page documents the columns and offers the template.
  await page.getByRole("link", { name: "Colonnes acceptées et modèle" }).click();
  await expect(page.getByRole("rowheader", { name: "mise_en_circulation" })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Télécharger le modèle CSV" }).click();
  const template = fs.readFileSync(await (await download).path(), "utf8");
  expect(template.split("\n")[0]).toContain("reference;marque;modele;annee;mise_en_circulation");
  await page.goBack();

  const token = `E2E${Date.now().toString(36).toUpperCase()}`;
  const csv = [
    "reference;marque;modele;mise_en_circulation;energie;boite;kilometrage;prix;couleur;portes;places;puissance_ch;puissance_fiscale;description;photos",
    `${token}-1;ALPINE;A110 Pure;06/2021;essence;BVA;18 500;54 900,00 €;Bleu Alpine;2;2;252;21;Alpine ${token} : première main, carnet complet.;${photoBase}/a1.jpg|${photoBase}/a2.jpg`,
    `${token}-2;Alfa Romeo;Giulia;03/2019;diesel;BVA;61 000;12.500,00 €;Rouge;4;5;160;8;Alfa ${token};${photoBase}/g1.jpg`,
  ].join("\r\n");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "occazio-stock-")), "stock.csv");
  fs.writeFileSync(file, csv, "utf8");
  await page.getByLabel(/Fichier CSV de votre stock/).setInputFiles(file);
  await page.getByRole("button", { name: "Importer" }).click();

  await expect(page.getByTestId("stock-run-status")).toHaveText("Terminé");
  await expect(page.getByTestId("stock-run-Créées")).toHaveText("1");
  await expect(page.getByTestId("stock-run-Refusées")).toHaveText("1");
  await expect(page.getByTestId("stock-run-rejected")).toHaveText("ligne 3 : prix « 12.500,00 € » illisible");
  const listing = page
    .getByTestId("stock-listings")
    .getByRole("listitem")
    .filter({ hasText: `${token}-1` });
  await expect(listing).toContainText("Alpine A110");
  // Its photos fetched in the background, the car goes to moderation (the page asks again while a run is active).
  await expect(async () => {
    await page.reload();
    await expect(
      page
        .getByTestId("stock-listings")
        .getByRole("listitem")
        .filter({ hasText: `${token}-1` }),
    ).toContainText("En modération", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("stock-run-Photos récupérées")).toHaveText("2");
  await page.screenshot({ path: path.join(SHOTS, "stock-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: path.join(SHOTS, "stock-375.png"), fullPage: true });

  const download2 = page.waitForEvent("download");
  await page.getByRole("link", { name: "Télécharger le rapport" }).first().click();
  const report = fs.readFileSync(await (await download2).path(), "utf8");
  expect(report).toContain(`3;${token}-2;ligne 3 : prix « 12.500,00 € » illisible`);

  const moderator = await moderatorPage(browser, baseURL);
  await moderator.goto("/moderation");
  const card = moderator.getByRole("article").filter({ hasText: `Alpine ${token}` });
  await expect(card).toBeVisible();
  await expect(card.getByRole("img").first()).toBeVisible();
  await moderator.context().close();
});

test("a verified professional registers its stock feed; 'Synchroniser maintenant' applies it as an upload", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await becomeVerifiedPro(page, browser, baseURL);
  const token = `FLUX${Date.now().toString(36).toUpperCase()}`;
  feedBody = [
    "reference;marque;modele;mise_en_circulation;energie;boite;kilometrage;prix;couleur;portes;places;puissance_ch;puissance_fiscale;photos",
    `${token}-1;Peugeot;308;06/2020;diesel;BVM;48 000;17 490 €;Gris;5;5;130;7;${photoBase}/p1.jpg`,
    `${token}-2;Renault;Clio;01/2021;essence;BVM;22 000;13 900 €;Blanc;5;5;100;5;${photoBase}/c1.jpg`,
  ].join("\r\n");
  await page.goto("/account/stock");
  const section = page.getByRole("region", { name: "Flux automatique" });
  await section.getByLabel("Adresse du flux (https://…)").fill(`${photoBase}/feed.csv?token=${token}`);
  await section.getByRole("button", { name: "Enregistrer le flux" }).click();
  await expect(section.getByRole("status").first()).toContainText("Flux enregistré");
  await expect(section.getByTestId("stock-feed-state")).toContainText(/Dernière synchronisation : \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} — 2 créées/);
  await expect(
    page.getByTestId("stock-listings").getByRole("listitem").filter({ hasText: `${token}-1` }),
  ).toContainText("Peugeot 308");

  // The same feed again: the server answers with the same ETag only when asked without it, so
  // 'Synchroniser maintenant' is a full fetch whose rows are all unchanged.
  await section.getByRole("button", { name: "Synchroniser maintenant" }).click();
  await expect(section.getByRole("status").first()).toContainText("Synchronisation demandée");
  await expect(section.getByTestId("stock-feed-state")).toContainText(/Dernière synchronisation : .* — aucun changement/);
  fs.mkdirSync("/work/shots/feed", { recursive: true });
  await section.screenshot({ path: "/work/shots/feed/feed-1280.png" });
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await section.screenshot({ path: "/work/shots/feed/feed-375.png" });
});


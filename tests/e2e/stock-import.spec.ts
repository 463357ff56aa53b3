import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { becomeVerifiedPro, moderatorPage } from "./stock-helpers";

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
  // A French control, not the browser's 'Choose File': its button, then the chosen file's name.
  const chosen = page.locator("#stock-file-name");
  await expect(page.getByText("Choisir un fichier CSV", { exact: true })).toBeVisible();
  await expect(chosen).toHaveText("Aucun fichier choisi");
  const fileInput = page.getByLabel(/Fichier CSV de votre stock/);
  await expect(fileInput).toHaveAccessibleDescription("Aucun fichier choisi");
  await fileInput.setInputFiles(file);
  await expect(chosen).toHaveText("stock.csv");
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
}, testInfo) => {
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
  // Once applied, the next date is the schedule's (the 30-minute lease of a waiting sync is never shown).
  await expect(section.getByTestId("stock-feed-state")).toContainText(/Synchronisé toutes les 6 h — prochaine synchronisation le \d{2}\/\d{2}\/\d{4}/);
  await section.screenshot({ path: testInfo.outputPath("feed-1280.png") });
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await section.screenshot({ path: testInfo.outputPath("feed-375.png") });
});


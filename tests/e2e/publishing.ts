import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import sharp from "sharp";

/** Small, distinct JPEGs written at test time, as a seller's phone photos would be. */
export async function makePhotoFiles(colors = ["#c0392b", "#2980b9", "#27ae60", "#8e44ad"]): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-e2e-photos-"));
  return Promise.all(
    colors.map(async (color, i) => {
      const file = path.join(dir, `photo-${i + 1}.jpg`);
      await sharp({ create: { width: 640, height: 480, channels: 3, background: color } }).jpeg().toFile(file);
      return file;
    }),
  );
}

export const stepTitle = (page: Page, n: number) => expect(page.getByText(`Étape ${n} sur 8`)).toBeVisible();

export async function next(page: Page, to: number) {
  await page.getByRole("button", { name: "Suivant" }).click();
  await stepTitle(page, to);
}

export async function fillUpToPhotos(page: Page, brand: string, model: string) {
  await page.goto("/publish");
  await page.getByLabel("Marque", { exact: true }).fill(brand);
  await page.getByLabel("Modèle", { exact: true }).fill(model);
  await next(page, 2);
  await page.getByLabel("Année du modèle").selectOption("2021");
  await page.getByLabel("Date de première mise en circulation").fill("06/2021");
  await next(page, 3);
  await page.getByLabel("Type de véhicule").selectOption("Coupé");
  await page.getByLabel("Énergie").selectOption("Essence");
  await page.getByLabel("Boîte de vitesses").selectOption("Automatique");
  await page.getByLabel("Permis", { exact: true }).selectOption("Permis");
  await page.getByLabel("Puissance fiscale (CV)").fill("8");
  await page.getByLabel("Puissance DIN (ch)").fill("150");
  await page.getByLabel("Kilométrage (km)").fill("30000");
  await next(page, 4);
  await page.getByLabel("Nombre de portes").fill("3");
  await page.getByLabel("Nombre de places").fill("4");
  await page.getByLabel("Couleur").selectOption("Rouge");
  await page.getByLabel("État du véhicule").selectOption("Non endommagé");
  await next(page, 5);
  await page.getByLabel("Description", { exact: true }).fill("Carnet d'entretien complet.");
  await next(page, 6);
  await page.getByRole("combobox", { name: "Code postal du véhicule" }).fill("69001");
  await page.getByRole("listbox", { name: "Communes" }).getByRole("option").first().click();
  await next(page, 7);
}

export async function submitThroughWizard(page: Page, brand: string, model: string, photoFiles: string[]) {
  await fillUpToPhotos(page, brand, model);
  await page.getByLabel("Ajouter des photos").setInputFiles(photoFiles.slice(0, 2));
  await expect(page.getByText("Photo enregistrée")).toHaveCount(2);
  await next(page, 8);
  await page.getByLabel("Prix (€)").fill("38000");
  await page.getByRole("button", { name: "Publier l'annonce" }).click();
  await expect(page.getByRole("heading", { name: "Annonce publiée avec succès !" })).toBeVisible();
}


import fs from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO_PASSWORD, expectNoSeriousAxeViolation, holdScripts, logInThroughUi, logOutThroughMenu, signUpThroughUi } from "./fixtures";
import { fillUpToPhotos, makePhotoFiles, next, stepTitle, submitThroughWizard } from "./publishing";

/** Four small, distinct JPEGs written at test time. */
let photos: string[] = [];

test.beforeAll(async () => {
  photos = await makePhotoFiles();
});

/** 'Suivant' on an empty step: nothing is sent, every message shows next to its field. */
async function expectErrorsOnEmptyStep(page: Page, messages: (string | RegExp)[], button = "Suivant") {
  await page.getByRole("button", { name: button }).click();
  for (const message of messages) await expect(page.getByText(message)).toBeVisible();
}

/**
 * Goes through the 8 steps from an empty wizard, checking each step's validation errors,
 * the resumed draft after a reload, and the photo limits; ends on the success screen.
 */
async function publishThroughWizard(page: Page) {
  await page.goto("/publish");
  await stepTitle(page, 1);
  await expect(page.getByRole("button", { name: "Précédent" })).toBeDisabled();
  await expect(page.getByRole("link", { name: "Enregistrer et quitter" })).toHaveAttribute("href", "/home");

  await expectErrorsOnEmptyStep(page, ["La marque est obligatoire.", "Le modèle est obligatoire."]);
  // An error goes as soon as its field is answered; the others stay until theirs are.
  await page.getByLabel("Marque", { exact: true }).fill("peugeot");
  await expect(page.getByText("La marque est obligatoire.")).toBeHidden();
  await expect(page.getByText("Le modèle est obligatoire.")).toBeVisible();
  await page.getByLabel("Modèle", { exact: true }).fill("208");
  await expect(page.getByText("Le modèle est obligatoire.")).toBeHidden();
  await next(page, 2);

  await expectErrorsOnEmptyStep(page, [
    "L'année est obligatoire.",
    "La date de première mise en circulation est obligatoire.",
  ]);
  await page.getByLabel("Année du modèle").selectOption("2019");
  const registration = page.getByLabel("Date de première mise en circulation");
  await expect(registration).toHaveAttribute("placeholder", "MM/AAAA");
  await registration.pressSequentially("0a3/2018");
  await expect(registration).toHaveValue("03/2018");
  await page.getByRole("button", { name: "Suivant" }).click();
  const beforeModelYear = page.getByText("La date de première mise en circulation ne peut pas précéder l'année du modèle.");
  await expect(beforeModelYear).toBeVisible();
  // Either date answers it: an earlier model year does.
  await page.getByLabel("Année du modèle").selectOption("2018");
  await expect(beforeModelYear).toBeHidden();
  await page.getByLabel("Année du modèle").selectOption("2019");
  await registration.fill("");
  await registration.pressSequentially("032019");
  await expect(registration).toHaveValue("03/2019");
  await next(page, 3);

  // A Peugeot 208 is only ever a city car: the catalogue preselects it (issue 17).
  await expect(page.getByLabel("Type de véhicule")).toHaveValue("Citadine");
  await expect(page.getByText("Proposé pour la Peugeot 208 ; modifiable.")).toBeVisible();
  await expectErrorsOnEmptyStep(page, [
    "L'énergie est obligatoire.",
    "La boîte de vitesses est obligatoire.",
    "La puissance fiscale est obligatoire.",
    "La puissance DIN est obligatoire.",
    "Le kilométrage est obligatoire.",
    "Le type de permis est obligatoire.",
  ]);
  await expect(page.getByText("Le type de véhicule est obligatoire.")).toBeHidden();
  await page.getByLabel("Énergie").selectOption("Essence");
  await expect(page.getByText("L'énergie est obligatoire.")).toBeHidden();
  await expect(page.getByText("La boîte de vitesses est obligatoire.")).toBeVisible();
  await page.getByLabel("Boîte de vitesses").selectOption("Manuelle");
  await page.getByLabel("Permis", { exact: true }).selectOption("Permis");
  await page.getByLabel("Puissance fiscale (CV)").fill("5");
  await page.getByLabel("Puissance DIN (ch)").fill("100");
  // Digits only: letters and separators typed are dropped.
  await page.getByLabel("Kilométrage (km)").pressSequentially("45 0x00");
  await expect(page.getByLabel("Kilométrage (km)")).toHaveValue("45000");
  await next(page, 4);

  // The draft lives on the server: a reload, or coming back later, resumes at the step reached.
  await page.reload();
  await stepTitle(page, 4);
  await page.goto("/home");
  await page.goto("/publish");
  await stepTitle(page, 4);
  await page.getByRole("button", { name: "Précédent" }).click();
  await stepTitle(page, 3);
  await expect(page.getByLabel("Kilométrage (km)")).toHaveValue("45000");
  await expect(page.getByLabel("Énergie")).toHaveValue("Essence");
  await next(page, 4);

  await expectErrorsOnEmptyStep(page, [
    "Le nombre de portes est obligatoire.",
    "Le nombre de places est obligatoire.",
    "La couleur est obligatoire.",
    "L'état du véhicule est obligatoire.",
  ]);
  await page.getByLabel("Nombre de portes").fill("5");
  await page.getByLabel("Nombre de places").fill("5");
  await page.getByLabel("Couleur").selectOption("Bleu");
  await page.getByLabel("État du véhicule").selectOption("Non endommagé");
  await next(page, 5);

  await expectErrorsOnEmptyStep(page, ["La description est obligatoire."]);
  await page.getByLabel("Description", { exact: true }).fill("Première main, entretien suivi chez le concessionnaire.");
  await expect(page.getByText("55 / 5 000 caractères")).toBeVisible();
  // 'Enregistrer et quitter' keeps this step too; the seller comes back to the next one.
  await page.getByRole("link", { name: "Enregistrer et quitter" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto("/publish");
  await stepTitle(page, 6);

  await expectErrorsOnEmptyStep(page, ["Le code postal doit comporter exactement 5 chiffres."]);
  const postalCode = page.getByRole("combobox", { name: "Code postal du véhicule" });
  await postalCode.fill("99999");
  await expect(page.getByText("Le code postal doit comporter exactement 5 chiffres.")).toBeHidden();
  await expect(page.getByText("Aucune commune ne correspond à ce code postal.")).toBeVisible();
  await postalCode.fill("75011");
  await expect(page.getByRole("option", { name: "Paris 11e (75011)" })).toBeVisible();
  await postalCode.press("ArrowDown");
  await postalCode.press("Enter");
  await expect(page.getByRole("listbox")).toBeHidden();
  await expect(page.getByText("Commune choisie : Paris 11e (75011)")).toBeVisible();
  await next(page, 7);

  await expectErrorsOnEmptyStep(page, ["Ajoutez au moins une photo."]);
  await page.getByLabel("Ajouter des photos").setInputFiles(photos);
  const tiles = page.getByRole("list", { name: "Photos de l'annonce" }).getByRole("listitem");
  await expect(tiles).toHaveCount(4);
  await expect(tiles.getByText("Photo enregistrée")).toHaveCount(4);
  await expect(page.getByText("4 / 20 photos", { exact: true })).toBeVisible();
  // Previews end up as the server's WebP.
  await expect(tiles.getByRole("img").first()).toHaveAttribute("src", /^\/uploads\/listings\/.+\.webp$/);
  await next(page, 8);

  await expectErrorsOnEmptyStep(page, ["Le prix doit être un nombre supérieur ou égal à 1."], "Publier l'annonce");
  await page.getByLabel("Prix (€)").fill("12500");
  await page.getByRole("button", { name: "Publier l'annonce" }).click();
  await expect(page.getByRole("heading", { name: "Annonce publiée avec succès !" })).toBeVisible();
  await expect(page.getByText(/Vous recevrez un e-mail de validation/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Retour à l'accueil", exact: true })).toHaveAttribute("href", "/home");

  // The wizard starts over.
  await page.goto("/publish");
  await stepTitle(page, 1);
  await expect(page.getByLabel("Marque", { exact: true })).toHaveValue("");
}

/** The 8 steps filled straight through (no error checks): a submitted listing, for the other tests. */
function pendingTab(page: Page) {
  return page.getByRole("tab", { name: /En cours de validation/ });
}
function deletedTab(page: Page) {
  return page.getByRole("tab", { name: /Annonce supprimée/ });
}

for (const width of [375, 1280]) {
  test.describe(`publishing at ${width} px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test("the wizard suggests what the catalogue model is, without blocking other choices", async ({ page }) => {
      await signUpThroughUi(page);
      await page.goto("/publish");
      await page.getByLabel("Marque", { exact: true }).fill("tesla");
      await page.getByLabel("Modèle", { exact: true }).fill("model 3");
      await next(page, 2);
      await expect(page.getByText("La Tesla Model 3 est vendue depuis 2019.")).toBeVisible();
      const notice = "Cette année est hors de la production de la Tesla Model 3 : vérifiez la carte grise.";
      await page.getByLabel("Année du modèle").selectOption("2015");
      await expect(page.getByText(notice)).toBeVisible();
      await page.getByLabel("Année du modèle").selectOption("2022");
      await expect(page.getByText(notice)).toBeHidden();
      await page.getByLabel("Date de première mise en circulation").fill("06/2022");
      await next(page, 3);
      // Electric only, a saloon only: both preselected; the model's values come first.
      await expect(page.getByLabel("Énergie")).toHaveValue("Electrique");
      await expect(page.getByLabel("Type de véhicule")).toHaveValue("Berline");
      await expect(page.getByLabel("Énergie").locator("optgroup").first()).toHaveAttribute("label", "Pour la Tesla Model 3");
      // Another value stays possible (a seller knows their car better than the catalogue).
      await page.getByLabel("Type de véhicule").selectOption("Break");
      await expect(page.getByLabel("Type de véhicule")).toHaveValue("Break");
    });

    test("a new user publishes a listing with 4 photos; it waits under 'En cours de validation'", async ({ page }) => {
      test.setTimeout(120_000);
      await signUpThroughUi(page);
      await publishThroughWizard(page);

      await page.goto("/hosting");
      await expect(page.getByRole("heading", { level: 1, name: "Mes annonces" })).toBeVisible();
      await expect(pendingTab(page)).toHaveAttribute("aria-selected", "true");
      await expect(pendingTab(page)).toHaveAccessibleName("En cours de validation (1)");
      const item = page.getByRole("article", { name: "Peugeot 208" });
      await expect(item).toContainText("12 500 €");
      await expect(item).toContainText("75011 Paris 11e");
      await expect(item).toContainText("0 clic");
      await expect(item.getByText("En cours de validation")).toBeVisible();
      // Carousel: cards carry the first 3 photos; next wraps around after the third.
      const photo = item.getByRole("img");
      await expect(photo).toHaveAccessibleName("Peugeot 208, photo 1 sur 3");
      await item.getByRole("button", { name: "Photo précédente" }).click();
      await expect(photo).toHaveAccessibleName("Peugeot 208, photo 3 sur 3");
      await item.getByRole("button", { name: "Photo suivante" }).click();
      await expect(photo).toHaveAccessibleName("Peugeot 208, photo 1 sur 3");

      await page.getByRole("tab", { name: /Annonce publiée/ }).click();
      await expect(page.getByText("Aucune annonce publiée.")).toBeVisible();
      await expect(page.getByRole("tabpanel").getByRole("link", { name: "Publier une annonce" })).toBeVisible();
    });
  });
}

test.describe("publishing without an account", () => {
  test("step 1 asks to sign in; after logging in, the wizard goes on", async ({ page }) => {
    const { email, password } = await signUpThroughUi(page);
    await logOutThroughMenu(page);
    await page.goto("/publish");
    await expect(page.getByText("Vous devez être connecté pour publier une annonce.")).toBeVisible();
    await page.getByLabel("Marque", { exact: true }).fill("Renault");
    await page.getByLabel("Modèle", { exact: true }).fill("Clio");
    await page.getByRole("button", { name: "Suivant" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("Vous devez être connecté pour publier une annonce.")).toBeVisible();
    await dialog.getByLabel("Adresse e-mail").fill(email);
    await dialog.getByLabel("Mot de passe", { exact: true }).fill(password);
    await dialog.getByRole("button", { name: "Se connecter" }).click();
    await expect(dialog).toBeHidden();
    await stepTitle(page, 2);
    await page.getByRole("button", { name: "Précédent" }).click();
    await expect(page.getByLabel("Marque", { exact: true })).toHaveValue("Renault");
  });
});

for (const width of [375, 1280]) {
  test.describe(`photos at ${width} px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test("a failed upload shows on its photo and can be retried; refused files say why with only 'Retirer'; the step's error goes once photos are added", async ({ page }) => {
      test.setTimeout(120_000);
      await signUpThroughUi(page);
      await fillUpToPhotos(page, "Fiat", "500");
      const tiles = page.getByRole("list", { name: "Photos de l'annonce" }).getByRole("listitem");
      const noPhoto = page.getByText("Ajoutez au moins une photo.");

      // 'Suivant' with no photo is refused; choosing photos answers it, the message goes.
      await page.getByRole("button", { name: "Suivant" }).click();
      await expect(noPhoto).toBeVisible();

      // The network drops the first upload (GUIDE §6.10: shown, and retried on demand).
      await page.route("**/api/listings/*/photos", (route) => route.abort("failed"), { times: 1 });
      await page.getByLabel("Ajouter des photos").setInputFiles(photos[0]!);
      await expect(tiles.first().getByRole("alert")).toHaveText("L'envoi de la photo a échoué. Vérifiez votre connexion puis réessayez.");
      await expect(noPhoto).toBeHidden();
      await page.getByRole("button", { name: "Suivant" }).click();
      await expect(noPhoto).toBeVisible();
      await tiles.first().getByRole("button", { name: "Réessayer" }).click();
      await expect(tiles.first().getByText("Photo enregistrée")).toBeVisible();
      await expect(noPhoto).toBeHidden();

      // An HTML page named .jpg: the server reads the content and says why, on the tile,
      // without a broken image and without 'Réessayer' (sending it again would fail again).
      const fake = path.join(path.dirname(photos[0]!), "pas-une-photo.jpg");
      fs.writeFileSync(fake, "<!doctype html><html><body>Bonjour</body></html>");
      await page.getByLabel("Ajouter des photos").setInputFiles(fake);
      await expect(tiles.nth(1).getByRole("alert")).toHaveText("Ce fichier n'est pas une image : envoyez une photo JPEG, PNG ou WebP.");
      await expect(tiles.nth(1).getByRole("img")).toHaveCount(0);
      await expect(tiles.nth(1).getByText("pas-une-photo.jpg")).toBeVisible();
      await expect(tiles.nth(1).getByRole("button", { name: "Réessayer" })).toHaveCount(0);
      await tiles.nth(1).getByRole("button", { name: "Retirer la photo 2" }).click();
      await expect(tiles).toHaveCount(1);

      // A PDF: no preview is even attempted; the refusal names the format.
      await page.getByLabel("Ajouter des photos").setInputFiles({ name: "carte-grise.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n") });
      await expect(tiles.nth(1).getByRole("alert")).toContainText("PDF");
      await expect(tiles.nth(1).getByRole("img")).toHaveCount(0);
      await expect(tiles.nth(1).getByRole("button", { name: "Réessayer" })).toHaveCount(0);
      await tiles.nth(1).getByRole("button", { name: "Retirer la photo 2" }).click();
      await expect(tiles).toHaveCount(1);

      // Removing the stored photo deletes it on the server: the step needs one again.
      await tiles.first().getByRole("button", { name: "Retirer la photo 1" }).click();
      await expect(tiles).toHaveCount(0);
      await page.reload();
      await stepTitle(page, 7);
      await expect(page.getByText("0 / 20 photos", { exact: true })).toBeVisible();
    });
  });
}

test.describe("before the page's JavaScript runs", () => {
  test("the wizard is painted first; a brand typed meanwhile drives the model suggestions once it hydrates", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const release = await holdScripts(page);
    // The page's policy has no 'unsafe-eval': nothing it loads may try (zod's JIT did).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.sourceFile}`));
    });
    await page.goto("/publish");
    await stepTitle(page, 1);
    // Buttons that need React wait visibly; the fields can be filled in already.
    await expect(page.getByRole("button", { name: "Se connecter" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Suivant" })).toBeDisabled();
    await page.getByLabel("Marque", { exact: true }).fill("Peugeot");
    await expect(page.getByText("Saisissez le modèle tel qu'il figure sur la carte grise.")).toBeVisible();
    release();
    await expect(page.getByRole("button", { name: "Suivant" })).toBeEnabled();
    await expect(page.getByLabel("Marque", { exact: true })).toHaveValue("Peugeot");
    await expect(page.getByText("Modèles Peugeot proposés ; un autre modèle peut être saisi.")).toBeVisible();
    await expect(page.locator('datalist option[value="208"]')).toHaveCount(1);
    await page.getByLabel("Modèle", { exact: true }).fill("208");
    // The step's rules (zod) ran in the browser: no message, the sign-in prompt instead.
    await page.getByRole("button", { name: "Suivant" }).click();
    await expect(page.getByRole("dialog").getByText("Vous devez être connecté pour publier une annonce.")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });

  test("'Enregistrer et quitter' waits visibly for React, then saves the step typed meanwhile", async ({ page }) => {
    await signUpThroughUi(page);
    const release = await holdScripts(page);
    await page.goto("/publish", { waitUntil: "domcontentloaded" });
    await stepTitle(page, 1);
    const quit = page.getByRole("link", { name: "Enregistrer et quitter" });
    // Leaving now would drop the step: the link cannot be followed yet.
    await expect(quit).toHaveAttribute("aria-disabled", "true");
    await expect(quit).not.toHaveAttribute("href");
    await page.getByLabel("Marque", { exact: true }).fill("Renault");
    await page.getByLabel("Modèle", { exact: true }).fill("Clio");
    release();
    await expect(quit).toHaveAttribute("href", "/home");
    await quit.click();
    await expect(page).toHaveURL(/\/home$/);
    await page.goto("/publish");
    await stepTitle(page, 2);
  });
});

test.describe("first registration", () => {
  test("'MM/AAAA' gets its slash after two digits; Backspace takes it away, then the digits", async ({ page }) => {
    await signUpThroughUi(page);
    await page.goto("/publish");
    await page.getByLabel("Marque", { exact: true }).fill("Renault");
    await page.getByLabel("Modèle", { exact: true }).fill("Clio");
    await next(page, 2);
    const field = page.getByLabel("Date de première mise en circulation");
    await field.click();
    await field.press("0");
    await expect(field).toHaveValue("0");
    await field.press("3");
    await expect(field).toHaveValue("03/");
    await field.press("2");
    await expect(field).toHaveValue("03/2");
    await field.press("Backspace");
    await expect(field).toHaveValue("03/");
    await field.press("Backspace");
    await expect(field).toHaveValue("03");
    await field.press("Backspace");
    await expect(field).toHaveValue("0");
    await field.pressSequentially("3a2019x9");
    await expect(field).toHaveValue("03/2019");
  });
});

async function newSignedInPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpThroughUi(page);
  return page;
}

test.describe("Mes annonces", () => {
  test("edit, refusal for another user, delete, and live updates of an open page", async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signUpThroughUi(page);
    await submitThroughWizard(page, "Peugeot", "308", photos);
    await page.goto("/hosting");
    const item = page.getByRole("article", { name: "Peugeot 308" });
    await expect(item).toBeVisible();

    // Edit: model list follows the brand, the change is saved, the message shows on /hosting.
    await item.getByRole("link", { name: /^Modifier/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Modifier mon annonce" })).toBeVisible();
    const listingId = page.url().split("/edit-annonce/")[1] ?? "";
    expect(listingId).toMatch(/^[0-9a-f-]{36}$/);
    await expect(page.getByLabel("Modèle", { exact: true })).toHaveValue("308");
    await page.getByLabel("Marque", { exact: true }).selectOption("Renault");
    await expect(page.getByLabel("Modèle", { exact: true })).toHaveValue("");
    await page.getByLabel("Modèle", { exact: true }).selectOption("Clio");
    const price = page.getByLabel("Prix (€)");
    await price.fill("");
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByText("Le prix doit être un nombre supérieur ou égal à 1.")).toBeVisible();
    await price.fill("11900");
    await expect(page.getByText("Le prix doit être un nombre supérieur ou égal à 1.")).toBeHidden();
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page).toHaveURL(/\/hosting\?onglet=en-validation&message=modifiee$/);
    await expect(page.getByRole("status").filter({ hasText: "Annonce mise à jour avec succès !" })).toBeVisible();
    const edited = page.getByRole("article", { name: "Renault Clio" });
    await expect(edited).toContainText("11 900 €");

    // Someone else: refused on the server, sent to their own listings with the message.
    const intruder = await newSignedInPage(browser);
    await intruder.goto(`/edit-annonce/${listingId}`);
    await expect(intruder).toHaveURL(/\/hosting\?erreur=interdit$/);
    await expect(intruder.getByRole("alert")).toHaveText(/Vous n'êtes pas autorisé à modifier cette annonce\./);
    await intruder.goto("/edit-annonce/00000000-0000-4000-8000-000000000000");
    await expect(intruder.getByRole("alert")).toHaveText(/Annonce non trouvée\./);
    await intruder.context().close();

    // A second page of the same seller deletes it; the first page follows without a reload,
    // through the server-sent event (nothing else makes it reload: no focus or visibility change).
    await expect(pendingTab(page)).toHaveAccessibleName("En cours de validation (1)");
    await page.evaluate(() => {
      const counter = window as unknown as { visibilityChanges: number };
      counter.visibilityChanges = 0;
      document.addEventListener("visibilitychange", () => counter.visibilityChanges++);
    });
    const other = await page.context().newPage();
    await other.goto("/hosting");
    await other.getByRole("article", { name: "Renault Clio" }).getByRole("button", { name: /^Supprimer/ }).click();
    const confirm = other.getByRole("dialog", { name: "Supprimer cette annonce ?" });
    await confirm.getByRole("button", { name: "Supprimer l'annonce" }).click();
    await expect(deletedTab(other)).toHaveAccessibleName("Annonce supprimée (1)");

    await expect(pendingTab(page)).toHaveAccessibleName("En cours de validation (0)");
    await expect(deletedTab(page)).toHaveAccessibleName("Annonce supprimée (1)");
    expect(await page.evaluate(() => (window as unknown as { visibilityChanges: number }).visibilityChanges)).toBe(0);
    await other.close();
    await expect(page.getByText("Aucune annonce en cours de validation.")).toBeVisible();
    await deletedTab(page).click();
    const deleted = page.getByRole("article", { name: "Renault Clio" });
    await expect(deleted.getByText("Supprimée")).toBeVisible();
    await expect(deleted.getByRole("link", { name: /^Modifier/ })).toHaveCount(0);
    // A deleted listing cannot be edited either.
    await page.goto(`/edit-annonce/${listingId}`);
    await expect(page.getByRole("alert")).toHaveText(/Cette annonce a été supprimée/);
  });

  test("tabs work with the keyboard", async ({ page }) => {
    await signUpThroughUi(page);
    await page.goto("/hosting");
    // No listing at all: 'Mes annonces' opens on 'Annonce publiée' (issue 36: never an empty
    // 'En cours de validation' first).
    const publishedTab = page.getByRole("tab", { name: /Annonce publiée/ });
    await expect(publishedTab).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("Aucune annonce publiée.")).toBeVisible();
    await publishedTab.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(pendingTab(page)).toBeFocused();
    await expect(page.getByText("Aucune annonce en cours de validation.")).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(publishedTab).toBeFocused();
    await expect(page.getByText("Aucune annonce publiée.")).toBeVisible();
    await page.keyboard.press("End");
    await expect(deletedTab(page)).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("Aucune annonce supprimée.")).toBeVisible();
    await expect(page.getByRole("tabpanel").getByRole("link", { name: "Publier une annonce" })).toHaveCount(0);
    await page.keyboard.press("ArrowRight");
    await expect(pendingTab(page)).toBeFocused();
  });

  test("a signed-out visitor is asked to sign in, then sees their listings on the same page", async ({ page }) => {
    await page.goto("/hosting");
    await expect(page.getByRole("heading", { level: 1, name: "Mes annonces" })).toBeVisible();
    const prompt = page.getByRole("alert").filter({ hasText: "Veuillez vous connecter pour gérer vos annonces." });
    await expect(prompt).toBeVisible();
    await expect(page.getByRole("tablist")).toHaveCount(0);
    await prompt.getByRole("button", { name: "Se connecter" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Adresse e-mail").fill("vendeur@occazio.local");
    await dialog.getByLabel("Mot de passe", { exact: true }).fill(DEMO_PASSWORD);
    await dialog.getByRole("button", { name: "Se connecter" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/hosting$/);
    await expect(page.getByRole("tab", { name: /^Annonce publiée/ })).toBeVisible();
    await expect(prompt).toHaveCount(0);
  });

  test("a moderator's validation shows live; the seller then marks it as sold", async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    // A model name of its own, to find this listing in the shared moderation queue.
    const model = `A110 ${Date.now().toString(36)}`;
    await signUpThroughUi(page);
    await submitThroughWizard(page, "Alpine", model, photos);
    await page.goto("/hosting");
    await expect(pendingTab(page)).toHaveAccessibleName("En cours de validation (1)");

    const moderatorContext = await browser.newContext({ baseURL, locale: "fr-FR", timezoneId: "Europe/Paris" });
    const moderator = await moderatorContext.newPage();
    await moderator.goto("/home");
    await expect(await logInThroughUi(moderator, "moderateur@occazio.local", DEMO_PASSWORD)).toBeHidden();
    await moderator.goto("/moderation");
    const card = moderator.getByRole("article", { name: new RegExp(`Alpine ${model}$`) });
    await card.getByRole("button", { name: /^Valider/ }).click();
    await expect(moderator.getByText("Annonce validée : elle est en ligne.")).toBeVisible();
    await moderatorContext.close();

    // The seller's open page follows without a reload.
    const publishedTab = page.getByRole("tab", { name: /Annonce publiée/ });
    await expect(publishedTab).toHaveAccessibleName("Annonce publiée (1)");
    await expect(pendingTab(page)).toHaveAccessibleName("En cours de validation (0)");
    await publishedTab.click();
    const item = page.getByRole("article", { name: `Alpine ${model}` });
    await expect(item.getByText("Publiée", { exact: true })).toBeVisible();
    const listingUrl = await item.getByRole("link", { name: `Voir l'annonce Alpine ${model}` }).getAttribute("href");
    await item.getByRole("button", { name: "Marquer comme vendue" }).click();
    // A confirmation that asks where it was sold; nothing happens before an answer.
    const confirm = page.getByRole("dialog", { name: `Marquer « Alpine ${model} » comme vendue ?` });
    await expect(confirm).toBeVisible();
    const confirmButton = confirm.getByRole("button", { name: "Confirmer la vente" });
    await expect(confirmButton).toBeDisabled();
    await confirm.getByRole("group", { name: "Vendu sur Occazio ?" }).getByLabel("Oui, sur Occazio").check();
    await confirmButton.click();
    await expect(confirm).toBeHidden();
    await expect(item.getByText("Vendue", { exact: true })).toBeVisible();
    await expect(item.getByText(/^Vendue le \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    // A buyer who kept the link finds the car sold (410, issue 36), not a 404.
    const buyerContext = await browser.newContext({ baseURL, locale: "fr-FR", timezoneId: "Europe/Paris" });
    const buyer = await buyerContext.newPage();
    const gone = await buyer.goto(listingUrl!);
    expect(gone?.status()).toBe(410);
    await expect(buyer.getByRole("heading", { level: 1, name: "Ce véhicule a été vendu" })).toBeVisible();
    await expect(buyer.getByText(`Alpine ${model}`, { exact: true })).toBeVisible();
    await expect(buyer.getByText(/^Dernier prix affiché : /)).toBeVisible();

    // Undone within 7 days: published again, its page back for the buyer.
    await item.getByRole("button", { name: `Annuler la vente d'Alpine ${model}` }).click();
    await expect(item.getByText("Publiée", { exact: true })).toBeVisible();
    expect((await buyer.goto(listingUrl!))?.status()).toBe(200);
    await expect(buyer.getByRole("heading", { level: 1, name: new RegExp(model) })).toBeVisible();
    await buyerContext.close();
    await item.getByRole("button", { name: "Marquer comme vendue" }).click();
    await confirm.getByLabel("Je préfère ne pas répondre").check();
    await confirm.getByRole("button", { name: "Confirmer la vente" }).click();
    await expect(item.getByRole("button", { name: "Marquer comme vendue" })).toHaveCount(0);
    await expect(item.getByRole("link", { name: /^Modifier/ })).toHaveCount(0);
    await expect(publishedTab).toHaveAccessibleName("Annonce publiée (1)");
  });
});

test.describe("accessibility", () => {
  test("the wizard, 'Mes annonces' and the edit page have no serious axe violation", async ({ page }) => {
    await page.goto("/home");
    // Read only: the demo seller has listings in every state shown here.
    await expect(await logInThroughUi(page, "vendeur@occazio.local", DEMO_PASSWORD)).toBeHidden();
    await page.goto("/hosting");
    await expect(page.getByRole("tabpanel").getByRole("article").first()).toBeVisible();
    await expectNoSeriousAxeViolation(page);
    await page.getByRole("tabpanel").getByRole("link", { name: /^Modifier/ }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Modifier mon annonce" })).toBeVisible();
    await expectNoSeriousAxeViolation(page);
    await page.goto("/publish");
    await expect(page.getByText(/^Étape \d sur 8$/)).toBeVisible();
    await expectNoSeriousAxeViolation(page);
  });
});

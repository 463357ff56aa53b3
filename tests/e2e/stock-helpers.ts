import { expect, type Browser, type Page } from "@playwright/test";
import { luhnValid } from "../../app/features/pro/siret";
import { DEMO_PASSWORD, logInThroughUi, signUpThroughUi, uniqueEmail } from "./fixtures";

/** Shared by the stock specs (issue 35): a new verified professional, the moderator's page, the stock file. */

export function randomSiret(): string {
  const head = Array.from({ length: 13 }, (_, i) =>
    i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10),
  ).join("");
  for (let key = 0; key < 10; key++) if (luhnValid(`${head}${key}`)) return `${head}${key}`;
  throw new Error("unreachable");
}

export async function moderatorPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
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
export async function becomeVerifiedPro(
  page: Page,
  browser: Browser,
  baseURL: string | undefined,
  company = `Alpine Passion ${Date.now().toString(36)}`,
): Promise<string> {
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

/** The moderator marks a verified professional 'de confiance' from the 'Professionnels' tab (decision 0054). */
export async function markTrusted(moderator: Page, company: string): Promise<void> {
  await moderator.goto("/moderation");
  await moderator.getByRole("link", { name: /^Professionnels \(\d+\)$/ }).click();
  const search = moderator.getByRole("search", { name: "Recherche de professionnels vérifiés" });
  await search.getByLabel("Rechercher un professionnel vérifié").fill(company);
  await search.getByRole("button", { name: "Rechercher" }).click();
  const card = moderator.getByRole("article", { name: company });
  await card.getByText("Marquer de confiance…").click();
  await card
    .getByLabel("Motif (gardé dans l'historique de modération)")
    .fill("Concession connue, stock contrôlé (test de bout en bout).");
  await card.getByRole("button", { name: "Marquer de confiance" }).click();
  await expect(card.getByTestId("pro-trust")).toHaveText("De confiance : imports publiés directement");
}

export async function noHorizontalScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );
}

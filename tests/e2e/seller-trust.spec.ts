import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_PASSWORD, logInThroughUi, signUpThroughUi, uniqueEmail, verificationLink } from "./fixtures";
import { makePhotoFiles, submitThroughWizard } from "./publishing";

/**
 * Issue 33 'Trust signals': the seller block shows figures computed by the 'seller-stats' job;
 * 'Répond en général en moins de …' and the response rate appear once the seller answered
 * three buyers' conversations of the last 90 days.
 */
let photos: string[];
test.beforeAll(async () => {
  photos = await makePhotoFiles();
});

/** A confirmed buyer (its own account), signed in through the API. */
async function confirmedBuyer(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const email = uniqueEmail("acheteur");
  const signUp = await api.post("/api/auth/sign-up/email", {
    data: { email, password: "motdepasse-1", name: "Louise", displayName: "Louise", callbackURL: "/home" },
  });
  expect(signUp.ok()).toBe(true);
  expect((await api.get(await verificationLink(email))).ok()).toBe(true);
  expect((await api.post("/api/auth/sign-in/email", { data: { email, password: "motdepasse-1" } })).ok()).toBe(true);
  return api;
}

const sellerBlock = (page: Page) => page.getByRole("region", { name: "Vendeur", exact: true });

for (const width of [375, 1280]) {
  test(`the response-time badge appears on the listing after the seller answered 3 conversations (${width} px)`, async ({ browser, baseURL }) => {
    // A new seller publishing through the wizard, a moderator, three buyers: well past the default timeout on the shared machine.
    test.setTimeout(240_000);
    const context = await browser.newContext({ baseURL, locale: "fr-FR", timezoneId: "Europe/Paris", viewport: { width, height: 900 } });
    const page = await context.newPage();
    const model = `Mito ${Date.now().toString(36)}`;
    await signUpThroughUi(page, uniqueEmail("vendeur"), "motdepasse-1", { displayName: "Rachid" });
    await submitThroughWizard(page, "Alfa Romeo", model, photos);

    // The moderator validates it (the moderation page's own form, through HTTP).
    await page.goto("/hosting?onglet=attente");
    const editLink = page.getByRole("article", { name: `Alfa Romeo ${model}` }).getByRole("link", { name: /^Modifier/ });
    const listingId = /\/edit-annonce\/([0-9a-f-]{36})/.exec((await editLink.getAttribute("href")) ?? "")?.[1];
    expect(listingId).toBeTruthy();
    const moderator = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
    expect((await moderator.post("/api/auth/sign-in/email", { data: { email: "moderateur@occazio.local", password: DEMO_PASSWORD } })).ok()).toBe(true);
    expect((await moderator.post("/moderation", { form: { intent: "validate", id: listingId! } })).status()).toBeLessThan(400);
    await moderator.dispose();

    await page.goto(`/annonce/${listingId}`);
    await expect(sellerBlock(page).getByText("E-mail vérifié")).toBeVisible();
    await expect(sellerBlock(page).getByText(/^✓ Membre depuis [a-zéû]+ \d{4}$/)).toBeVisible();
    // The publication's job counts it.
    await expect(async () => {
      await page.reload();
      await expect(sellerBlock(page).getByText("1 annonce en ligne")).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });

    // Three buyers write; the seller answers each from the inbox.
    const buyers: APIRequestContext[] = [];
    const conversationIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const buyer = await confirmedBuyer(baseURL!);
      buyers.push(buyer);
      const started = await buyer.post(`/api/listings/${listingId}/conversation`);
      expect(started.ok()).toBe(true);
      const { id } = (await started.json()) as { id: string };
      conversationIds.push(id);
      expect((await buyer.post(`/api/conversations/${id}/messages`, { data: { body: `Bonjour, est-elle toujours disponible ? (${i + 1})` } })).ok()).toBe(true);
    }
    for (const [i, id] of conversationIds.entries()) {
      await page.goto(`/messages/${id}`);
      const box = page.getByRole("textbox", { name: "Votre message" });
      await box.fill(`Bonjour, oui, toujours disponible. (${i + 1})`);
      await box.press("Enter");
      await expect(box).toHaveValue("");
      await expect(page.getByRole("log").getByText(`Bonjour, oui, toujours disponible. (${i + 1})`, { exact: true })).toBeVisible();
      await page.goto(`/annonce/${listingId}`);
      if (i < 2) {
        // Below three answered conversations: nothing about response times.
        await expect(sellerBlock(page).getByText(/Répond en général/)).toHaveCount(0);
      }
    }
    await expect(async () => {
      await page.reload();
      await expect(sellerBlock(page).getByText("Répond en général en moins de 1 h")).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(sellerBlock(page).getByText("Taux de réponse : 100\u00a0%")).toBeVisible();
    await sellerBlock(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`seller-trust-${width}.png`), fullPage: false });
    for (const buyer of buyers) await buyer.dispose();
    await context.close();
  });
}

test("moderators see 'Vendeur particulier très actif' on the main demo seller's pending listings", async ({ page }) => {
  // vendeur@occazio.local published more than 5 listings in 12 months (demo data).
  await page.goto("/home");
  await expect(await logInThroughUi(page, "moderateur@occazio.local", DEMO_PASSWORD)).toBeHidden();
  await page.goto("/moderation");
  await expect(page.getByRole("heading", { level: 1, name: "Modération" })).toBeVisible();
  await expect(page.getByText("Vendeur particulier très actif").first()).toBeVisible();
});

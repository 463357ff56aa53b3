import { expect, test, type Page } from "@playwright/test";
import { E2E } from "../support/e2e-env";
import {
  DEMO_PASSWORD,
  demoSellerNewestListingPath,
  emailsTo,
  expectNoSeriousAxeViolation,
  expectSignedIn,
  expectSignedOut,
  logInThroughUi,
  signUpThroughUi,
  waitForEmail,
} from "./fixtures";

const SELLER = "vendeur@occazio.local";

/** A published listing of vendeur@occazio.local (who has a phone). */
async function openSellerListing(page: Page) {
  await page.goto(await demoSellerNewestListingPath(page.url() === "about:blank" ? E2E.appUrl : page.url()));
  // Wait until the detail page is on screen, not only in the address bar.
  await page.waitForFunction(() => document.documentElement.dataset.renderedUrl === location.pathname + location.search);
}


async function send(page: Page, text: string) {
  const box = page.getByRole("textbox", { name: "Votre message" });
  await box.fill(text);
  await box.press("Enter");
  await expect(box).toHaveValue("");
  await expect(page.getByRole("log").getByText(text, { exact: true })).toBeVisible();
}

test.describe("messaging between a buyer and a seller", () => {
  // One after the other: every test writes to the demo seller, whose unread count the first one checks.
  test.describe.configure({ mode: "default" });
  test("message from a listing, live badge and answer, one e-mail for a burst, phone reveal", async ({
    browser,
    baseURL,
  }) => {
    // Two users, one of them signing up and confirming their address by e-mail first, two axe
    // checks and two e-mails: 21 s on a quiet machine, past 60 s on the 2-core CI machine running
    // two workers beside the app server (like the other two-context flows, compare and moderation).
    test.setTimeout(120_000);
    const sellerContext = await browser.newContext({ baseURL, locale: "fr-FR", timezoneId: "Europe/Paris" });
    const buyerContext = await browser.newContext({ baseURL, locale: "fr-FR", timezoneId: "Europe/Paris" });
    try {
      // The seller is signed in and browsing, page already loaded.
      const seller = await sellerContext.newPage();
      await seller.goto("/home");
      const login = await logInThroughUi(seller, SELLER, DEMO_PASSWORD);
      await expect(login).toBeHidden();
      await expectSignedIn(seller);
      await seller.goto("/messages");
      await expect(seller.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
      const badge = seller.getByTestId("unread-badge");
      await expect(badge).toHaveCount(0);

      // The buyer: a fresh account, on the newest listing.
      const buyer = await buyerContext.newPage();
      const { email: buyerEmail } = await signUpThroughUi(buyer);
      await openSellerListing(buyer);
      const listingUrl = buyer.url();

      // The phone number is not in the page's HTML; it appears on click.
      const html = await (await buyerContext.request.get(listingUrl)).text();
      expect(html).not.toMatch(/06 12 34 56 78|612345678/);
      await buyer.getByRole("button", { name: "Téléphone" }).click();
      await expect(buyer.getByRole("link", { name: "06 12 34 56 78" })).toHaveAttribute("href", "tel:0612345678");

      // 'Message' opens the conversation; a burst of three messages.
      await buyer.getByRole("button", { name: "Message", exact: true }).click();
      await expect(buyer).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
      const conversationPath = new URL(buyer.url()).pathname;
      await expect(buyer.getByText("0 / 2 000 caractères")).toBeVisible();
      await send(buyer, "Bonjour, le véhicule est-il toujours disponible ?");
      await send(buyer, "Je peux passer samedi matin.");
      await send(buyer, "Détails : https://exemple.fr/essai");
      await expect(buyer.getByRole("link", { name: "https://exemple.fr/essai" })).toHaveAttribute(
        "rel",
        "nofollow noopener noreferrer",
      );

      // The seller sees the badge appear without reloading, and the conversation in the inbox.
      await expect(badge).toHaveText("3");
      await expect(seller.getByRole("button", { name: /Menu du compte d.* \(3 messages non lus\)/ })).toBeVisible();
      const item = seller.getByRole("list", { name: "Conversations" }).getByRole("listitem").first();
      await expect(item).toContainText("Détails : https://exemple.fr/essai");
      await expect(item).toContainText("3 non lus");
      await expectNoSeriousAxeViolation(seller);
      await item.getByRole("link").first().click();
      await expect(seller).toHaveURL(new RegExp(`${conversationPath}$`));
      await expect(
        seller.getByRole("log").getByText("Bonjour, le véhicule est-il toujours disponible ?"),
      ).toBeVisible();
      // Reading it clears the badge.
      await expect(badge).toHaveCount(0);
      await expectNoSeriousAxeViolation(seller);

      // The seller answers; the buyer sees it live.
      await send(seller, "Bonjour ! Oui, elle est disponible. Samedi 10 h ?");
      await expect(buyer.getByRole("log").getByText("Bonjour ! Oui, elle est disponible. Samedi 10 h ?")).toBeVisible();
      await expect(buyer.getByRole("log").getByRole("article").last()).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

      // Exactly one e-mail to the seller for the burst, linking to the conversation.
      // Other specs write to the demo seller too: this conversation's e-mail.
      await expect
        .poll(async () =>
          (await emailsTo(SELLER)).some((m) => /^Nouveau message à propos de votre annonce /.test(m.subject) && m.text.includes(conversationPath)),
        )
        .toBe(true);
      // The answer's e-mail to the buyer was sent after the whole burst: once it is here, any
      // second e-mail to the seller would be too.
      const answerMail = await waitForEmail(buyerEmail, /^Nouveau message à propos de l'annonce /);
      expect(answerMail.text).toContain(conversationPath);
      expect((await emailsTo(SELLER)).filter((m) => m.text.includes(conversationPath))).toHaveLength(1);
    } finally {
      await sellerContext.close();
      await buyerContext.close();
    }
  });

  test("signed out, 'Message' asks to log in first; one's own listing has no 'Message'", async ({ page }) => {
    await openSellerListing(page);
    await page.getByRole("button", { name: "Message", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Connectez-vous pour envoyer un message au vendeur.");
    await dialog.getByLabel("Adresse e-mail").fill(SELLER);
    await dialog.getByLabel("Mot de passe", { exact: true }).fill(DEMO_PASSWORD);
    await dialog.getByRole("button", { name: "Se connecter" }).click();
    await expect(dialog).toBeHidden();
    // The seller signed in on their own listing: no 'Message', their edit link instead.
    await expect(page.getByRole("button", { name: "Message", exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Modifier mon annonce" })).toBeVisible();
  });

  test("a reported conversation: the moderator sees who reported whom and the messages, and suspends the offender", async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const options = { baseURL, locale: "fr-FR", timezoneId: "Europe/Paris" };
    const buyerContext = await browser.newContext(options);
    const sellerContext = await browser.newContext(options);
    const moderatorContext = await browser.newContext(options);
    try {
      // A fresh buyer writes something a seller reports (the demo seller is never the one suspended).
      const buyer = await buyerContext.newPage();
      const { email, password } = await signUpThroughUi(buyer);
      await openSellerListing(buyer);
      await buyer.getByRole("button", { name: "Message", exact: true }).click();
      await expect(buyer).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
      const conversationPath = new URL(buyer.url()).pathname;
      const offence = `Payez d'abord 500 € par mandat cash ${Date.now().toString(36)}`;
      await send(buyer, offence);

      const seller = await sellerContext.newPage();
      await seller.goto("/home");
      await expect(await logInThroughUi(seller, SELLER, DEMO_PASSWORD)).toBeHidden();
      await seller.goto(conversationPath);
      await seller.getByRole("button", { name: "Signaler la conversation" }).click();
      const dialog = seller.getByRole("dialog");
      await dialog.getByLabel("Arnaque ou tentative de fraude").check();
      await dialog.getByRole("button", { name: "Envoyer le signalement" }).click();
      await expect(dialog.getByRole("status")).toBeVisible();

      const moderator = await moderatorContext.newPage();
      await moderator.goto("/home");
      await expect(await logInThroughUi(moderator, "moderateur@occazio.local", DEMO_PASSWORD)).toBeHidden();
      await moderator.goto("/moderation?onglet=signalements");
      const report = moderator.getByRole("listitem").filter({ has: moderator.getByText(offence) }).filter({ hasText: "Signalée par" });
      await expect(report).toContainText(/Signalée par \S+ \(le vendeur\) contre \S+ \(l'acheteur\)/);
      const excerpt = report.getByRole("region", { name: "Messages signalés" });
      await expect(excerpt.locator("[data-reported]")).toContainText(offence);
      await report.getByRole("button", { name: /^Suspendre / }).click();
      await report.getByLabel("Message au titulaire du compte (facultatif)").fill("Demande de paiement hors du site.");
      await report.getByRole("button", { name: "Suspendre le compte" }).click();
      await expect(moderator.getByRole("status")).toHaveText("Compte suspendu : ses sessions sont fermées et le titulaire a été prévenu.");
      await moderator.goto("/moderation?onglet=historique");
      // Other specs' moderators act meanwhile: look for this suspension, not at the newest entry.
      await expect(
        moderator
          .getByRole("list", { name: "Décisions de modération" })
          .getByRole("listitem")
          .filter({ hasText: "Compte suspendu" })
          .first(),
      ).toBeVisible();

      // The suspended buyer is signed out, told why by e-mail, and cannot sign in again.
      await buyer.goto("/home");
      await expectSignedOut(buyer);
      const mail = await waitForEmail(email, /^Votre compte a été suspendu$/);
      expect(mail.text).toContain("Demande de paiement hors du site.");
      const login = await logInThroughUi(buyer, email, password);
      await expect(login.getByText("Erreur : ce compte a été suspendu par l'équipe de modération.")).toBeVisible();
    } finally {
      await buyerContext.close();
      await sellerContext.close();
      await moderatorContext.close();
    }
  });
});

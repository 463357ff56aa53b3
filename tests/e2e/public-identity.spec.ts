import { expect, request, test, type Page } from "@playwright/test";
import { E2E } from "../support/e2e-env";
import {
  DEMO_PASSWORD,
  emailsTo,
  expectSignedIn,
  logInThroughUi,
  open,
  signUpThroughUi,
  uniqueEmail,
  verificationLink,
  waitForEmail,
} from "./fixtures";

/**
 * Issue 33, public identity: buyers and sellers see each other's display name with the initial
 * of the last name ('Camille M.', 'Zoé D.'), never the generated 10-character handle, on the
 * listing, in the conversation and in the e-mails; the sign-up says where the confirmation link
 * went and the link says the address is confirmed.
 */
const SELLER = "vendeur@occazio.local";

/** The seller's handle and one of their published listings, as the seller's own profile page gives them. */
async function sellerFacts(): Promise<{ handle: string; listingPath: string }> {
  const api = await request.newContext({ baseURL: E2E.appUrl, extraHTTPHeaders: { Origin: E2E.appUrl } });
  try {
    expect((await api.post("/api/auth/sign-in/email", { data: { email: SELLER, password: DEMO_PASSWORD } })).ok()).toBe(
      true,
    );
    const settings = await (await api.get("/personal-info")).text();
    const handle = /name="username"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="username"/.exec(settings);
    const profile = await (await api.get("/profile")).text();
    const listingPath = /\/annonce\/[0-9a-f-]{36}\/[a-z0-9-]+/.exec(profile)?.[0];
    expect(handle).toBeTruthy();
    expect(listingPath).toBeTruthy();
    return { handle: (handle![1] ?? handle![2])!, listingPath: listingPath! };
  } finally {
    await api.dispose();
  }
}

async function ownHandle(page: Page): Promise<string> {
  await open(page, "/personal-info");
  const handle = await page.getByLabel("Nom d'utilisateur").inputValue();
  expect(handle).toMatch(/^\S{10}$/);
  return handle;
}

for (const width of [375, 1280]) {
  test.describe(`public identity at ${width} px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test("'Zoé D.' and 'Camille M.', never the handles: on the listing, in the conversation, in the e-mails", async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const options = { baseURL, locale: "fr-FR", timezoneId: "Europe/Paris", viewport: { width, height: 860 } };
      const buyerContext = await browser.newContext(options);
      const sellerContext = await browser.newContext(options);
      try {
        const seller = await sellerFacts();

        // Sign-up: the notice names the (masked) address; the e-mail's link confirms it.
        const buyer = await buyerContext.newPage();
        const email = uniqueEmail("identite");
        await signUpThroughUi(buyer, email, "motdepasse-1", { verify: false, displayName: "Zoé" });
        await buyer.goto(await verificationLink(email));
        await expect(
          buyer.getByText("Adresse e-mail confirmée : vous pouvez publier et écrire aux vendeurs."),
        ).toBeVisible();
        await expectSignedIn(buyer);
        await buyer.screenshot({ path: test.info().outputPath(`email-confirmed-${width}.png`) });

        // A last name on file: others see its initial only.
        const buyerHandle = await ownHandle(buyer);
        const privateInfo = buyer.locator("form").filter({ has: buyer.getByLabel("Nom", { exact: true }) });
        await privateInfo.getByLabel("Nom", { exact: true }).fill("Dupont");
        await privateInfo.getByRole("button", { name: "Enregistrer et continuer" }).click();
        await expect(privateInfo.getByRole("status")).toBeVisible();

        // The listing names its seller 'Camille M.', nowhere the handle.
        await open(buyer, seller.listingPath);
        const listingHtml = await buyer.content();
        await expect(buyer.getByText("Camille M.", { exact: true }).first()).toBeVisible();
        expect(listingHtml).not.toContain(`>${seller.handle}<`);
        expect(listingHtml).not.toContain("Camille Martin");
        await buyer.screenshot({ path: test.info().outputPath(`listing-seller-${width}.png`) });

        await buyer.getByRole("button", { name: "Message", exact: true }).click();
        await expect(buyer).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
        const conversationPath = new URL(buyer.url()).pathname;
        const text = `Bonjour, est-elle disponible ? ${Date.now().toString(36)}`;
        const box = buyer.getByRole("textbox", { name: "Votre message" });
        await box.fill(text);
        await box.press("Enter");
        await expect(buyer.getByRole("log").getByText(text)).toBeVisible();
        await expect(buyer.getByRole("main")).toContainText("Camille M.");
        expect(await buyer.getByRole("main").innerText()).not.toContain(seller.handle);

        // The seller's side: the conversation and the e-mail say 'Zoé D.'.
        const sellerPage = await sellerContext.newPage();
        await sellerPage.goto("/home");
        await expect(await logInThroughUi(sellerPage, SELLER, DEMO_PASSWORD)).toBeHidden();
        await open(sellerPage, conversationPath);
        await expect(sellerPage.getByRole("log").getByText(text)).toBeVisible();
        await expect(sellerPage.getByRole("main")).toContainText("Zoé D.");
        const sellerView = await sellerPage.getByRole("main").innerText();
        expect(sellerView).not.toContain(buyerHandle);
        expect(sellerView).not.toContain("Dupont");
        await sellerPage.screenshot({ path: test.info().outputPath(`conversation-seller-${width}.png`) });

        // Other specs write to the demo seller too: this conversation's e-mail.
        await waitForEmail(SELLER, /^Nouveau message à propos de votre annonce /);
        await expect
          .poll(async () => (await emailsTo(SELLER)).some((m) => m.text.includes(conversationPath)))
          .toBe(true);
        const forThis = (await emailsTo(SELLER)).find((m) => m.text.includes(conversationPath))!;
        expect(forThis.text).toContain("Bonjour Camille");
        expect(forThis.text).toContain("Zoé D. vous a écrit");
        expect(forThis.text).not.toContain(buyerHandle);
        expect(forThis.text).not.toContain(seller.handle);
        expect(forThis.text).not.toContain("Dupont");
      } finally {
        await buyerContext.close();
        await sellerContext.close();
      }
    });
  });
}

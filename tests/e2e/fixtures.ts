import AxeBuilder from "@axe-core/playwright";
import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { expect, request, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { PHONE_MAX_WIDTH_PX } from "../../app/ui/breakpoints";
import { E2E } from "../support/e2e-env";
import type { ReceivedEmail } from "../support/peers";

export const DEMO_PASSWORD = "occazio-demo";

export function uniqueEmail(prefix = "e2e"): string {
  return `${prefix}.${randomBytes(4).toString("hex")}@exemple.fr`;
}

/** Phones are 768 px wide or less (the app's one breakpoint, app/ui/breakpoints.ts). */
export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) <= PHONE_MAX_WIDTH_PX;

/** Opens the login / sign-up popup the way a user does at this screen width. */
export async function openAuthDialog(page: Page, mode: "login" | "signup" = "login") {
  if (isPhone(page)) {
    await page
      .getByRole("navigation", { name: "Navigation principale" })
      .getByRole("button", { name: "Connexion" })
      .click();
    if (mode === "signup") await page.getByRole("dialog").getByRole("button", { name: "Inscription" }).click();
  } else {
    await page.getByRole("button", { name: /Menu : connexion ou inscription/ }).click();
    await page.getByRole("menuitem", { name: mode === "login" ? "Connexion" : "Inscription" }).click();
  }
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: mode === "login" ? "Connexion" : "Créer un compte" })).toBeVisible();
  return dialog;
}

/**
 * Signs up through the popup, then (unless `verify: false`) confirms the address by opening
 * the link of the e-mail the SMTP peer received, as publishing and messaging require.
 */
export async function signUpThroughUi(
  page: Page,
  email = uniqueEmail(),
  password = "motdepasse-1",
  options: { verify?: boolean; displayName?: string } = {},
) {
  await page.goto("/home");
  const dialog = await openAuthDialog(page, "signup");
  await dialog.getByLabel("Prénom ou pseudo").fill(options.displayName ?? "Camille");
  await dialog.getByLabel("Adresse e-mail").fill(email);
  await dialog.getByLabel("Mot de passe", { exact: true }).fill(password);
  await dialog.getByLabel("Confirmer le mot de passe").fill(password);
  await dialog.getByRole("button", { name: "Créer mon compte" }).click();
  // Issue 33: the dialog says where the confirmation link went (masked address), then closes.
  await expect(dialog.getByRole("status")).toHaveText(
    `Vérifiez votre boîte mail : un lien de confirmation a été envoyé à ${email.slice(0, 1)}…${email.slice(email.lastIndexOf("@"))}`,
  );
  await dialog.getByRole("button", { name: "Continuer" }).click();
  await expect(dialog).toBeHidden();
  if (options.verify !== false) {
    await page.goto(await verificationLink(email));
    await page.goto("/home");
    await expectSignedIn(page);
  }
  return { email, password };
}

/** The link of the sign-up e-mail ('Confirmez votre adresse e-mail Occazio'). */
export async function verificationLink(email: string): Promise<string> {
  const mail = await waitForEmail(email, /^Confirmez votre adresse e-mail Occazio$/);
  const link = /(https?:\/\/\S+\/api\/auth\/verify-email\S+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();
  return link!;
}

export async function logInThroughUi(page: Page, email: string, password: string) {
  const dialog = await openAuthDialog(page, "login");
  await dialog.getByLabel("Adresse e-mail").fill(email);
  await dialog.getByLabel("Mot de passe", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Se connecter" }).click();
  return dialog;
}

/** Signed in: the account menu is labelled with the user's name. */
export async function expectSignedIn(page: Page) {
  await expect(page.getByRole("button", { name: /Menu du compte d/ })).toBeVisible();
}

export async function expectSignedOut(page: Page) {
  await expect(page.getByRole("button", { name: /Menu : connexion ou inscription/ })).toBeVisible();
}

export async function logOutThroughMenu(page: Page) {
  await page.getByRole("button", { name: /Menu du compte d/ }).click();
  await page.getByRole("menuitem", { name: "Se déconnecter" }).click();
  await expectSignedOut(page);
}

/** E-mails the local SMTP peer received for `to`, oldest first. */
export async function emailsTo(to: string): Promise<ReceivedEmail[]> {
  const response = await fetch(`http://127.0.0.1:${E2E.mailboxPort}/emails?to=${encodeURIComponent(to)}`);
  return (await response.json()) as ReceivedEmail[];
}

export async function waitForEmail(to: string, subject: RegExp): Promise<ReceivedEmail> {
  let found: ReceivedEmail | undefined;
  await expect
    .poll(
      async () => {
        found = (await emailsTo(to)).find((e) => subject.test(e.subject));
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** Every file named by the sitemap index /sitemap.xml, concatenated (the index first). */
export async function sitemapText(request: APIRequestContext): Promise<string> {
  const index = await (await request.get("/sitemap.xml")).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const parts = [index];
  // The listing files are gzipped sitemap files (annonces-N.xml.gz), the pages file plain XML.
  for (const file of files) {
    const res = await request.get(file);
    parts.push(file.endsWith(".gz") ? gunzipSync(await res.body()).toString() : await res.text());
  }
  return parts.join("\n");
}

/** Waits until the page on screen is the one of the address bar (root.tsx sets the marker after rendering). */
export async function settled(page: Page) {
  await page.waitForFunction(
    () => document.documentElement.dataset.renderedUrl === location.pathname + location.search,
  );
}

/**
 * The specs share one server and run side by side: while one compares two counts of the site
 * ('Voir 7 annonces' and the 7 results then shown; pro + private = all), another may publish or
 * validate a car between the two reads. Such a comparison runs in `withoutOthersPublishing`:
 * retried from its start when it fails. A count that is wrong fails every try, and the test.
 */
export async function withoutOthersPublishing(body: () => Promise<void>) {
  // Room for another try; `toPass` without its own timeout retries until the test's.
  test.info().setTimeout(test.info().timeout * 2);
  await expect(body).toPass({ intervals: [500, 2_000] });
}

/**
 * The newest listing of vendeur@occazio.local, the demo seed's newest one (long description, a
 * few blank facts, a phone number), read from the seller's own profile page: not "the newest on
 * the home page", which the other specs' cars push away while they run. Read once per worker.
 */
let demoSellerListing: string | null = null;
export async function demoSellerNewestListingPath(baseURL: string = E2E.appUrl): Promise<string> {
  if (demoSellerListing) return demoSellerListing;
  const origin = new URL(baseURL).origin;
  const api = await request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
  try {
    const signIn = await api.post("/api/auth/sign-in/email", { data: { email: "vendeur@occazio.local", password: DEMO_PASSWORD } });
    expect(signIn.ok()).toBe(true);
    demoSellerListing = /\/annonce\/[0-9a-f-]{36}\/[a-z0-9-]+/.exec(await (await api.get("/profile")).text())?.[0] ?? null;
  } finally {
    await api.dispose();
  }
  expect(demoSellerListing).toBeTruthy();
  return demoSellerListing!;
}

/** Loads a page and waits until React has hydrated it, so clicks and typing reach the app's handlers. */
export async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
  await settled(page);
}

/**
 * A lazily opened dialog gives the focus back to the button that opened it (decision 0021):
 * after Escape, with the focus ring drawn (keyboard users see where they are), then after
 * Enter on that button and the dialog's `closeButton` ('Fermer', 'Annuler').
 */
export async function expectFocusReturns(page: Page, button: Locator, dialog: Locator, closeButton: string) {
  await button.click();
  await expect(dialog).toBeVisible();
  // The modal hides the page from assistive technology (so no role locator on the button here):
  // the focus is inside the dialog.
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') != null)).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  expect(await button.evaluate((el) => el.matches(":focus-visible"))).toBe(true);

  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: closeButton }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
}

/**
 * Holds every request for the page's JavaScript until the returned function is called: the page
 * is painted and can be typed into before it hydrates, as on a slow phone (decision 0024).
 * Navigate with `waitUntil: "domcontentloaded"` while held: once the page has painted it inserts
 * its deferred scripts, and a script inserted before the `load` event holds that event back — if
 * the first paint comes before the photos have loaded (a busy machine), `load` never fires.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const scripts = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await scripts;
    await route.continue();
  });
  return release;
}

/**
 * No serious or critical axe violation on the page (or on `include`), checked on the page as a
 * user sees it once settled: hydrated (buttons that need React are dimmed until then) and with no
 * colour transition half-way (an enabled button fades to its colour).
 */
export async function expectNoSeriousAxeViolation(page: Page, include?: string) {
  await expect(page.locator("html")).toHaveAttribute("data-rendered-url", /./);
  await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

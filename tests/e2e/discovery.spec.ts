import { expect, test } from "@playwright/test";
import { expectNoSeriousAxeViolation, open, settled } from "./fixtures";

/**
 * A listing's page as a hub (issue 36), on the demo listings of the e2e server: its reference and
 * publication date, 'Partager' (copy, e-mail, WhatsApp where the browser has no share sheet), and
 * 'Annonces similaires': cars to move on to, never the listing itself, each opening its own page.
 */
for (const width of [375, 1280]) {
  test(`${width} px: a listing shows its reference, shares its link and offers similar cars that open their own pages`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: width <= 768 ? 812 : 900 });
    // The tile server is unreachable here anyway; made certain, for the map's notice below.
    await page.route("https://tile.openstreetmap.org/**", (route) => route.abort());
    await open(page, "/recherche?brand=Peugeot");
    // Every card says how old the listing is.
    const firstCards = page.locator("main article");
    for (const card of (await firstCards.all()).slice(0, 6)) {
      await expect(card.getByText(/^Publiée (aujourd'hui|hier|il y a [2-6] jours|le \d{2}\/\d{2}\/\d{4})$/)).toBeVisible();
    }
    await page.locator("main article").first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/annonce\//);
    await settled(page);
    const listingPath = new URL(page.url()).pathname;

    // Reference and publication date under the title.
    await expect(page.getByText(/^Réf\. [0-9A-HJKMNP-TV-Z]{6} · publiée le \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();

    // The area map says discreetly that its background could not load; its circle still shows.
    const location = page.getByRole("heading", { level: 2, name: /^Localisation/ });
    await location.scrollIntoViewIfNeeded();
    await expect(page.getByRole("status").filter({ hasText: "Fond de carte indisponible" })).toBeVisible();
    await expect(page.locator(".leaflet-interactive").first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));

    // 'Partager': no share sheet in this browser, so the menu; the link copied is the page's canonical URL.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.locator("summary:visible", { hasText: "Partager" }).click();
    const copy = page.getByRole("button", { name: "Copier le lien" });
    await expect(copy).toBeVisible();
    await expect(page.getByRole("link", { name: "Envoyer par e-mail" })).toHaveAttribute("href", /^mailto:\?subject=.*%2Fannonce%2F/);
    await expect(page.getByRole("link", { name: "Envoyer par WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=.*%2Fannonce%2F/);
    // Again with the menu opening low on the screen, where a phone's contact and tab bars are.
    await page.locator("summary:visible", { hasText: "Partager" }).click();
    await expect(copy).toBeHidden();
    await page.evaluate(() => {
      const summaries = [...document.querySelectorAll("summary")];
      const trigger = summaries.find((s) => s.textContent === "Partager" && s.getClientRects().length > 0)!;
      window.scrollBy(0, trigger.getBoundingClientRect().bottom - window.innerHeight + 140);
    });
    await page.locator("summary:visible", { hasText: "Partager" }).click();
    await copy.click();
    // The menu closes, focus back on 'Partager', and the message shows whole and on top, under the header.
    const copiedStatus = page.getByRole("status").filter({ hasText: "Lien copié." });
    await expect(copiedStatus).toBeVisible();
    await expect(copiedStatus).toBeInViewport({ ratio: 1 });
    await expect(copy).toBeHidden();
    await expect(page.locator("summary:visible", { hasText: "Partager" })).toBeFocused();
    const onTop = await copiedStatus.locator("span").evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
    });
    expect(onTop).toBe(true);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(copied).pathname).toBe(listingPath);

    const section = page.getByRole("region", { name: "Annonces similaires" });
    await section.scrollIntoViewIfNeeded();
    const cards = section.getByRole("article");
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(6);
    const links = await Promise.all((await cards.all()).map((card) => card.getByRole("link").getAttribute("href")));
    expect(links).not.toContain(listingPath);
    expect(new Set(links).size).toBe(links.length);
    // Each card shows a price; on a phone the row scrolls sideways within the page's width, and
    // opens unscrolled: its first card lines up with the heading.
    await expect(cards.first().getByText(/€$/)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    expect(await section.getByRole("list").evaluate((el) => el.scrollLeft)).toBe(0);
    const headingX = (await section.getByRole("heading", { name: "Annonces similaires" }).boundingBox())!.x;
    expect(Math.round((await cards.first().boundingBox())!.x)).toBe(Math.round(headingX));
    await page.screenshot({ path: testInfo.outputPath(`annonces-similaires-${width}.png`) });
    await expectNoSeriousAxeViolation(page, "section[aria-labelledby='annonces-similaires']");

    const first = cards.first().getByRole("link");
    const target = await first.getAttribute("href");
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await settled(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
}

test("after a search around Marseille, a listing's similar cars are the nearest to Marseille first", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The search around Marseille is remembered by the browser, whatever it found.
  await open(page, "/recherche?postalCode=13001");
  await expect(page.getByRole("heading", { level: 1, name: /autour de 13001/ })).toBeVisible();
  await page.waitForFunction(() => localStorage.getItem("occazio:lieu")?.includes("13001"));
  await open(page, "/recherche?brand=Peugeot");
  // Listened to before the click: the page asks as soon as it hydrates.
  const asked = page.waitForResponse((response) => /\/api\/listings\/[^/]+\/similar\?postalCode=13001/.test(response.url()));
  await page.locator("main article").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/annonce\//);
  await settled(page);
  const section = page.getByRole("region", { name: "Annonces similaires" });
  await section.scrollIntoViewIfNeeded();
  expect((await asked).status()).toBe(200);
  await expect(section.getByText("Les plus proches de 13001 d'abord")).toBeVisible();
  const answer = (await (await asked).json()) as { listings: { postalCode: string | null }[] };
  expect(answer.listings.length).toBeGreaterThan(0);
});

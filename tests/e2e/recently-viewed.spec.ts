import { expect, test, type Page } from "@playwright/test";
import { open, signUpThroughUi } from "./fixtures";

/**
 * 'Vus récemment' (issue 36) on the demo listings of the e2e server: a visitor's opened listings
 * show on the home page, newest first; at sign-in they join the account, and the account's list
 * is on /vus-recemment; a listing opened while signed in is recorded on the account by the page.
 */

/** Opens the n-th card of a search and returns the listing's path. */
async function openCard(page: Page, search: string, n: number, signedIn = false): Promise<string> {
  await open(page, search);
  const link = page.locator("main article").nth(n).getByRole("heading").getByRole("link");
  const path = (await link.getAttribute("href"))!;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // A visitor's view is remembered by the browser once the page runs (after hydration: a person
  // reads the page longer than that); a signed-in one by the page's loader, on the account.
  if (!signedIn) {
    const id = path.split("/")[2]!;
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem("occazio:vus-recemment") ?? "")).toContain(id);
  }
  return path;
}

/** The listing paths of a list of cards, in order. */
function pathsOf(page: Page, list: string) {
  return page.locator(`${list} li a`).evaluateAll((links) => links.map((a) => a.getAttribute("href")));
}

for (const width of [375, 1280]) {
  test(`${width} px: the listings a visitor opens show on the home page and follow them into their account`, async ({ page }) => {
    await page.setViewportSize({ width, height: width <= 768 ? 812 : 900 });
    await open(page, "/");
    // Nothing opened yet: no section.
    await expect(page.getByRole("heading", { name: "Vus récemment" })).toHaveCount(0);

    const first = await openCard(page, "/recherche?brand=Peugeot", 0);
    const second = await openCard(page, "/recherche?brand=Renault", 1);

    await open(page, "/");
    await expect(page.getByRole("heading", { name: "Vus récemment" })).toBeVisible();
    await expect(page.locator("section[aria-labelledby=vus-recemment] li")).toHaveCount(2);
    expect(await pathsOf(page, "section[aria-labelledby=vus-recemment]")).toEqual([second, first]);
    // The row opens unscrolled, its first card lined up with the heading (not 16 px to the left).
    const row = page.locator("section[aria-labelledby=vus-recemment] ul");
    expect(await row.evaluate((el) => el.scrollLeft)).toBe(0);
    const headingBox = (await page.getByRole("heading", { name: "Vus récemment" }).boundingBox())!;
    expect(Math.round((await row.locator("li").first().boundingBox())!.x)).toBe(Math.round(headingBox.x));

    // Signing up on the home page: the browser's list joins the new account as the row shows it…
    const merged = page.waitForResponse((r) => r.url().endsWith("/api/recently-viewed") && r.request().method() === "POST");
    await signUpThroughUi(page, undefined, undefined, { verify: false });
    expect((await merged).status()).toBe(204);
    await open(page, "/vus-recemment");
    const grid = page.locator("main ul li");
    await expect(grid).toHaveCount(2);
    expect(await pathsOf(page, "main ul")).toEqual([second, first]);
    // …and leaves the browser: the account keeps it now (another device would see it too).
    expect(await page.evaluate(() => window.localStorage.getItem("occazio:vus-recemment"))).toBeNull();

    // A listing opened while signed in goes first on the account.
    const third = await openCard(page, "/recherche?brand=Citro%C3%ABn", 0, true);
    await open(page, "/vus-recemment");
    await expect(grid).toHaveCount(3);
    expect(await pathsOf(page, "main ul")).toEqual([third, second, first]);
  });
}

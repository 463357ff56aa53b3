import { expect, test, type Page } from "@playwright/test";
import { open, settled, withoutOthersPublishing } from "./fixtures";

/**
 * The results page's layout (issue 36, decision 0045): compact cards and one sticky bar on
 * phones, the filters' sidebar on wide screens, 'Voir N annonces' in the dialog, the 'Distance'
 * sort, and the comparison strip that covers nothing. Measured in the browser, not assumed.
 */

const PHONE = { width: 375, height: 740 };
const cards = (page: Page) => page.locator("main .result-cards article");
const countText = (page: Page) => page.getByText(/^[\d\s\u00a0\u202f]+\+? annonces?$/);
const countOf = async (page: Page) => Number(((await countText(page).textContent()) ?? "").replace(/\D/g, ""));

/** Cards wholly visible between the sticky bars at the top and the tab bar at the bottom. */
async function completeCardsOnScreen(page: Page): Promise<number> {
  return page.evaluate(() => {
    const header = document.querySelector("header")!.getBoundingClientRect();
    const bar = document.querySelector("[data-results-bar]")!.getBoundingClientRect();
    const tabBar = document.querySelector('nav[aria-label="Navigation principale"]')?.getBoundingClientRect();
    const top = Math.max(header.bottom, bar.bottom);
    const bottom = Math.min(window.innerHeight, tabBar && tabBar.height > 0 ? tabBar.top : window.innerHeight);
    return [...document.querySelectorAll("main .result-cards article")].filter((card) => {
      const r = card.getBoundingClientRect();
      return r.height > 0 && r.top >= top && r.bottom <= bottom;
    }).length;
  });
}

test.describe("phones, 375 × 740", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test("the first screen shows at least 3 complete compact cards, each with its age; 'Grand' is remembered", async ({
    page,
  }, testInfo) => {
    await open(page, "/recherche");
    expect(await completeCardsOnScreen(page)).toBeGreaterThanOrEqual(3);
    const first = cards(page).first();
    await expect(first.getByText(/^Publiée (aujourd'hui|hier|il y a \d+ jours|le .+)$/)).toBeVisible();
    await expect(first.getByRole("button", { name: /favoris/ })).toBeVisible();
    // Compact: the photo on the left, 120 px wide, the text beside it.
    const photo = (await first.locator("img").first().boundingBox())!;
    const title = (await first.getByRole("heading").boundingBox())!;
    expect(Math.round(photo.width)).toBe(120);
    expect(title.x).toBeGreaterThan(photo.x + photo.width);
    await page.screenshot({ path: testInfo.outputPath("recherche-375-compact.png") });

    await page.getByRole("group", { name: "Affichage des annonces" }).getByRole("button", { name: "Grand" }).click();
    await expect(page.getByRole("button", { name: "Grand" })).toHaveAttribute("aria-pressed", "true");
    await expect.poll(async () => (await first.boundingBox())!.height).toBeGreaterThan(300);
    await page.screenshot({ path: testInfo.outputPath("recherche-375-grand.png") });
    // Remembered by this browser, applied before the first paint (no compact flash, no jump).
    await page.goto("/recherche");
    expect(await page.evaluate(() => document.documentElement.dataset.cards)).toBe("grand");
    expect((await cards(page).first().boundingBox())!.height).toBeGreaterThan(300);
    await settled(page);
    await page.getByRole("button", { name: "Compact" }).click();
    await expect.poll(async () => (await cards(page).first().boundingBox())!.height).toBeLessThan(160);
  });

  test("one sticky bar 'Filtres · Trier · Carte · 🔔' stays under the header and opens what it opens", async ({
    page,
  }, testInfo) => {
    await open(page, "/recherche?fuel=Diesel&gearbox=Manuelle");
    const bar = page.locator("[data-results-bar]");
    const filters = bar.getByRole("button", { name: /^Filtres/ });
    await expect(filters).toContainText("2");
    await expect(bar.getByLabel("Trier par")).toBeVisible();
    await expect(bar.getByRole("link", { name: "Carte" })).toHaveAttribute("href", /vue=carte/);
    await expect(bar.getByRole("button", { name: "Sauvegarder la recherche" })).toBeVisible();
    const before = (await bar.boundingBox())!;
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(async () => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const header = (await page.locator("header").boundingBox())!;
    // Stuck under the header (its 1 px border may overlap).
    await expect
      .poll(async () => Math.abs((await bar.boundingBox())!.y - (header.y + header.height)))
      .toBeLessThanOrEqual(1);
    expect((await bar.boundingBox())!.height).toBe(before.height);
    await page.screenshot({ path: testInfo.outputPath("recherche-375-barre-collante.png") });
    await filters.click();
    await expect(page.getByRole("dialog", { name: "Filtres" })).toBeVisible();
  });

  // The scrolling bar (no long task over 50 ms while 50 cards scroll by, CPU slowed down 4×) is
  // measured by `npm run bench:scroll` (scripts/bench-scroll.ts, docs/PERFORMANCE.md), not here:
  // a long task is a property of the machine as much as of the page, and this suite's machine
  // runs Vitest and a server beside the browser.
});

/**
 * Each compact card's 'year · km · energy' line, as the reader sees it: whether the browser
 * clipped it (scrollWidth over clientWidth, an ellipsis) and whether each fact sits whole inside
 * the card's text column.
 */
async function compactLines(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("main .result-cards .card-compact")].map((line) => {
      const box = line.getBoundingClientRect();
      const facts = [...line.querySelectorAll("span")].map((fact) => fact.getBoundingClientRect());
      return {
        text: line.textContent ?? "",
        clipped: line.scrollWidth > line.clientWidth || getComputedStyle(line).textOverflow === "ellipsis",
        factsInside: facts.every((fact) => fact.left >= box.left - 0.5 && fact.right <= box.right + 0.5),
        lines: Math.round(box.height / parseFloat(getComputedStyle(line).lineHeight)),
      };
    }),
  );
}

for (const width of [375, 320]) {
  test.describe(`phones, ${width} px: compact cards`, () => {
    test.use({ viewport: { width, height: 740 }, isMobile: true, hasTouch: true });

    test("every card's 'year · km · energy' shows its words whole ('Essence', not 'Esse…')", async ({
      page,
    }, testInfo) => {
      await open(page, "/recherche");
      const lines = await compactLines(page);
      expect(lines.length).toBeGreaterThan(3);
      await page.screenshot({ path: testInfo.outputPath(`recherche-${width}-faits.png`) });
      for (const line of lines) {
        expect(line.text, line.text).toMatch(/^(\d{4} · )?([\d\s\u202f]+ km · )?[A-ZÉ][\p{L} ()]+$/u);
        expect(line.clipped, line.text).toBe(false);
        expect(line.factsInside, line.text).toBe(true);
        // A long energy may take a second line, never more.
        expect(line.lines, line.text).toBeLessThanOrEqual(2);
      }
      // Still three whole listings on the first screen at 375 px (the bar of the test above).
      if (width === 375) expect(await completeCardsOnScreen(page)).toBeGreaterThanOrEqual(3);
      // Nor anything else of a card's text (price, 'Comparer', place; at 320 px, where titles wrap,
      // the title too) is cut or pushed out. From 361 px a title longer than its line ends with '…'
      // by design — as listings other tests publish meanwhile do ('Alfa Romeo Giulietta mx25qbzs').
      const cut = await page.evaluate(
        (titlesWrap) =>
          [...document.querySelectorAll<HTMLElement>("main .result-cards article")].flatMap((card) => {
            const edge = card.getBoundingClientRect().right;
            return [...card.querySelectorAll<HTMLElement>(".card-body *")]
              .filter((el) => el.offsetParent !== null && el.getClientRects().length > 0)
              .filter((el) => titlesWrap || !el.closest(".card-title"))
              .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > edge + 0.5)
              .map((el) => el.textContent ?? "");
          }),
        width <= 360,
      );
      expect(cut).toEqual([]);
    });
  });
}

test.describe("wide screens", () => {
  test("1280 px: after a navigation in the browser the sidebar shows its form; a form that cannot load says so", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, "/home");
    await page.getByRole("contentinfo").getByRole("link", { name: "Toutes les annonces" }).click();
    const sidebar = page.getByRole("complementary", { name: "Filtres" });
    await expect(sidebar.getByLabel("Marque")).toBeVisible();
    // The form's module does not arrive (a network cut, a deployment that replaced it).
    await page.route("**/assets/filter-dialog-*.js", (route) => route.abort());
    await open(page, "/home");
    await page.getByRole("contentinfo").getByRole("link", { name: "Toutes les annonces" }).click();
    await expect(sidebar.getByRole("alert")).toHaveText(/Les filtres n'ont pas pu se charger\..*rechargez la page/);
    await expect(cards(page).first()).toBeVisible();
  });

  test("1280 px: the sidebar's filters apply as they change, one search per change, in the URL and the count", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, "/recherche");
    const sidebar = page.getByRole("form", { name: "Filtres" });
    await expect(sidebar).toBeVisible();
    // The dialog is for narrower screens.
    await expect(page.getByRole("button", { name: /^Filtres/ })).toBeHidden();
    const total = await countOf(page);
    const searches: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/recherche")) searches.push(request.url());
    });

    await sidebar.getByRole("checkbox", { name: "Diesel", exact: true }).check();
    await expect(page).toHaveURL(/\/recherche\?energies=Diesel$/);
    await settled(page);
    await expect.poll(() => countOf(page)).toBeLessThan(total);
    const diesel = await countOf(page);
    expect(searches).toHaveLength(1);
    await expect(page.getByRole("link", { name: "Retirer le filtre Énergie : Diesel" })).toBeVisible();

    // Typing a price: one search once the field rests, not one per key.
    searches.length = 0;
    // Five key presses, one after the other (a fast typist: gaps of a loaded CI machine under 40 ms
    // delays reached the debounce and made three searches).
    await sidebar.getByLabel("Prix maximum (€)").pressSequentially("15000");
    await expect(page).toHaveURL(/price=15000/);
    await settled(page);
    expect(searches).toHaveLength(1);
    await expect.poll(() => countOf(page)).toBeLessThanOrEqual(diesel);
    await page.screenshot({ path: testInfo.outputPath("recherche-1280-barre-laterale.png") });

    // A badge removed elsewhere on the page comes back into the sidebar.
    await page.getByRole("link", { name: "Retirer le filtre Énergie : Diesel" }).click();
    await expect(page).not.toHaveURL(/energies=/);
    await expect(sidebar.getByRole("checkbox", { name: "Diesel", exact: true })).not.toBeChecked();
    await expect(sidebar.getByLabel("Prix maximum (€)")).toHaveValue(/15/);
  });

  test("1000 px: the dialog's button says 'Voir N annonces', counted once per change", async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 800 });
    const counts: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/search/count") counts.push(request.url());
    });
    // An electric car published by another spec between the count and the results: tried again.
    await withoutOthersPublishing(async () => {
      await open(page, "/recherche");
      const total = await countOf(page);
      counts.length = 0;
      await page.getByRole("button", { name: /^Filtres/ }).click();
      const dialog = page.getByRole("dialog", { name: "Filtres" });
      const see = dialog.getByRole("button", { name: /^(Voir .*annonces?|Aucune annonce)$/ });
      const seen = async () => Number(((await see.textContent()) ?? "").replace(/\D/g, ""));
      await expect(see).toHaveText(/^Voir [\d\s\u202f]+ annonces$/);
      expect(await seen()).toBe(total);
      await dialog.getByRole("checkbox", { name: "Électrique", exact: true }).check();
      // Counted once the choice rests: the electric cars are fewer than all the cars.
      await expect.poll(seen).toBeLessThan(total);
      await expect(see).toHaveText(/^(Voir [\d\s\u202f]+ annonces?|Aucune annonce)$/);
      const shown = await seen();
      expect(counts).toHaveLength(1);
      await see.click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/energies=Electrique/);
      await settled(page);
      expect(await countOf(page)).toBe(shown);
    });
  });
});

test.describe("'Distance' sort", () => {
  test("is offered around a postal code only, and ignored quietly without one", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, "/recherche");
    const sort = page.getByLabel("Trier par");
    await expect(sort.locator("option", { hasText: "Distance" })).toHaveCount(0);
    await open(page, "/recherche?sort=distance");
    await expect(sort).toHaveValue("recent");
    await expect(page.getByText("Certains critères de l'adresse n'ont pas pu être utilisés")).toHaveCount(0);

    await open(page, "/recherche?postalCode=69001&radius=300");
    await sort.selectOption({ label: "Distance : les plus proches" });
    await expect(page).toHaveURL(/sort=distance/);
    await settled(page);
    // Nearest first: a listing of Lyon's area before any of Marseille's (demo: 69100 and 13001/13008).
    const places = await cards(page).locator(".card-place p").allTextContents();
    const lyon = places.findIndex((p) => p.startsWith("69"));
    const marseille = places.findIndex((p) => p.startsWith("13"));
    expect(lyon).toBeGreaterThanOrEqual(0);
    if (marseille >= 0) expect(lyon).toBeLessThan(marseille);
  });
});

/** Every control given: scrolled to as the browser would (focus, a swipe), is its centre hittable? */
async function coveredControls(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const covered: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.getClientRects().length === 0) continue;
      element.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "instant" });
      const r = element.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(element === hit || element.contains(hit)))
        covered.push(
          `${element.getAttribute("aria-label") ?? element.textContent?.trim()} ← ${hit?.closest("[aria-label]")?.getAttribute("aria-label") ?? hit?.tagName}`,
        );
    }
    return covered;
  }, selector);
}

for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
  test(`${viewport.width} px: the comparison strip covers no heart, bar, tab or page link`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await open(page, "/recherche");
    const compare = cards(page).getByRole("button", { name: "Comparer", exact: true });
    await compare.nth(0).click();
    await compare.nth(1).click();
    const dock = page.getByRole("region", { name: "Comparaison" });
    await expect(dock.getByRole("link", { name: "Comparer (2)" })).toBeVisible();

    const controls = [
      "main .result-cards .card-action button",
      "[data-results-bar] button, [data-results-bar] a, [data-results-bar] select",
      'nav[aria-label="Pagination"] a',
      'nav[aria-label="Navigation principale"] a, nav[aria-label="Navigation principale"] button',
    ].join(", ");
    expect(await coveredControls(page, controls)).toEqual([]);
    // Nor does the strip overlap the bars themselves.
    const strip = (await dock.boundingBox())!;
    for (const bar of [page.locator("[data-results-bar]"), page.locator('nav[aria-label="Navigation principale"]')]) {
      if (!(await bar.isVisible())) continue;
      const box = (await bar.boundingBox())!;
      const overlap = Math.min(strip.y + strip.height, box.y + box.height) - Math.max(strip.y, box.y);
      expect(overlap).toBeLessThanOrEqual(0);
    }
    await page.screenshot({ path: testInfo.outputPath(`comparaison-${viewport.width}.png`) });
  });
}

test("375 px: the comparison's labels keep whole words", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await open(page, "/recherche");
  const ids = await cards(page)
    .getByRole("link")
    .evaluateAll((links) => links.slice(0, 3).map((a) => /\/annonce\/([^/]+)/.exec(a.getAttribute("href") ?? "")?.[1]));
  await open(page, `/comparer?ids=${ids.join(",")}`);
  await expect(page.getByRole("rowheader").first()).toBeVisible();
  const broken = await page.getByRole("rowheader").evaluateAll((headers) =>
    headers.flatMap((th) => {
      const text = th.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) return [];
      const words = [...(text.textContent ?? "").matchAll(/\S+/g)];
      return words.flatMap((word) => {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        return range.getClientRects().length > 1 ? [word[0]] : [];
      });
    }),
  );
  expect(broken).toEqual([]);
});

import { expect, test } from "@playwright/test";
import { expectNoSeriousAxeViolation, holdScripts } from "./fixtures";

test.describe("site shell", () => {
  test("/ redirects to /home, which shows the header, hero and footer", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/home$/);
    await expect(page).toHaveTitle(/Occazio/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: /Occazio, retour à l'accueil/ })).toHaveAttribute("href", "/home");
    await expect(page.getByRole("heading", { level: 1, name: "Trouver votre occasion" })).toBeVisible();
    const footer = page.getByRole("contentinfo");
    for (const column of ["À propos", "FAQ", "Informations légales"]) {
      await expect(footer.getByRole("navigation", { name: column })).toBeVisible();
    }
    // The current year, not the year the footer was written.
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Occazio`);
    // Demo data makes the home page alive on first start.
    await expect(page.getByRole("heading", { name: "Dernières annonces" })).toBeVisible();
    await expect(page.locator("main article")).toHaveCount(8);
  });

  test("an unknown path answers 404 with the spec's text", async ({ page }) => {
    const response = await page.goto("/cette-page-n-existe-pas");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 - Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Retour à l'accueil", exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test("legal pages open from the footer, in French, with the data attributions", async ({ page }) => {
    await page.goto("/home");
    await page.getByRole("contentinfo").getByRole("link", { name: "Mentions légales" }).click();
    await expect(page).toHaveURL(/\/mentions-legales$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Mentions légales");
    await expect(page.getByText(/Base officielle des codes postaux, La Poste, ODbL/).first()).toBeVisible();
  });

  test("each legal content file renders on its route: heading, date, title and description", async ({ page }) => {
    for (const [path, heading, description] of [
      ["/mentions-legales", "Mentions légales", /^Éditeur, hébergement/],
      ["/charte-cookies", "Charte cookies", /^Occazio n’utilise que des cookies strictement nécessaires/],
      ["/privacy", "Politique de confidentialité", /^Quelles données personnelles Occazio collecte/],
      ["/terms", "Conditions générales d’utilisation", /^Les règles d’inscription/],
      ["/help", "Centre d’aide", /^Réponses aux questions fréquentes/],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
      await expect(page).toHaveTitle(`${heading} | Occazio`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", description);
      await expect(page.locator("article.prose").getByText("Dernière mise à jour : 21/11/2026")).toBeVisible();
    }
    // The footer's FAQ links land on the help page's sections.
    for (const [id, heading] of [
      ["contacter-un-vendeur", "Contacter un vendeur"],
      ["publier-et-gerer", "Publier et gérer mes annonces"],
      ["gerer-mon-compte", "Gérer mon compte"],
      ["conseils-de-securite", "Conseils de sécurité"],
    ] as const) {
      await expect(page.locator(`h2#${id}`)).toHaveText(heading);
    }
    // The help page's questions stay folded until opened.
    const question = page.getByText("Comment contacter le vendeur d’une annonce\u00a0?", { exact: true });
    const answer = page.getByText(/Ouvrez l’annonce et utilisez le bouton/);
    await expect(answer).toBeHidden();
    await question.click();
    await expect(answer).toBeVisible();
  });

  test("the bottom tab bar shows on phones only", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/home");
    const tabs = page.getByRole("navigation", { name: "Navigation principale" });
    await expect(tabs).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Accueil" })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Explorer" })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(tabs).toBeHidden();
    // Wide screens: the header's account menu instead.
    await expect(page.getByRole("button", { name: /Menu : connexion ou inscription/ })).toBeVisible();
  });

  test("the account menu stays an enabled, focused, busy button while its code loads, then opens", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // Hold the menu's lazy chunk, as a slow network would.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/account-menu-dropdown-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/home");
    const menu = page.getByRole("button", { name: /Menu : connexion ou inscription/ });
    await expect(menu).toBeEnabled();
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-busy", "true");
    await expect(menu).toBeEnabled();
    await expect(menu).toBeFocused();
    await expect(page.getByRole("menuitem")).toHaveCount(0);

    release();
    await expect(page.getByRole("menuitem", { name: "Connexion" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menuitem")).toHaveCount(0);
    await expect(menu).toBeFocused();
    await expect(menu).not.toHaveAttribute("aria-busy", "true");
  });

  test("search results and their first photo are painted before the page's JavaScript is requested, then the page hydrates", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/recherche");
    // Hydrated: the app's effect has run and a heart answers taps.
    await expect(page.locator("html")).toHaveAttribute("data-rendered-url", "/recherche");
    await expect(page.getByRole("button", { name: "Ajouter aux favoris" }).first()).toBeEnabled();
    const timing = await page.evaluate(() => {
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const photo = document.querySelector<HTMLImageElement>('main img[fetchpriority="high"]')?.currentSrc ?? "";
      const scripts = resources.filter(
        (r) => new URL(r.name).pathname.startsWith("/assets/") && r.name.endsWith(".js"),
      );
      return {
        firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
        // The earliest time the photo was there (its preload's or its own request).
        photoLoaded: Math.min(...resources.filter((r) => r.name === photo).map((r) => r.responseEnd)),
        firstScript: Math.min(...scripts.map((r) => r.startTime)),
        scripts: scripts.length,
      };
    });
    expect(timing.scripts).toBeGreaterThan(10);
    expect(timing.photoLoaded).toBeLessThan(Infinity);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.photoLoaded);
    // The page painted (the loader then waits two frames; the paint entry's time is when the frame
    // was presented, which on a loaded machine can be stamped a few ms after the next task began).
    expect(timing.firstPaint).toBeLessThan(Infinity);
  });

  test("the scroll position comes back after a reload, before any JavaScript, and after returning from a listing", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
    await page.goto("/recherche");
    await expect(page.locator("html")).toHaveAttribute("data-rendered-url", "/recherche");
    // A fresh visit gets its history key from the page's inline script.
    expect(await page.evaluate(() => typeof window.history.state?.key)).toBe("string");
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(scrollY).toBe(1500);
    // Reloaded with every script refused and the browser's own restoration off: only the inline
    // script can put the page back.
    await page.addInitScript(() => {
      window.history.scrollRestoration = "manual";
    });
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.reload();
    await expect.poll(scrollY).toBe(1500);
    await page.unroute("**/assets/*.js");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-rendered-url", "/recherche");
    await expect.poll(scrollY).toBe(1500);
    const card = page.locator('main a[href^="/annonce/"]').nth(9);
    await card.scrollIntoViewIfNeeded();
    const before = await scrollY();
    expect(before).toBeGreaterThan(500);
    await card.click();
    await expect(page).toHaveURL(/\/annonce\//);
    await page.goBack();
    await expect(page).toHaveURL(/\/recherche$/);
    await expect.poll(scrollY).toBe(before);
  });

  test("what is typed in the search forms before the page's JavaScript runs is still there, and used, once it hydrates", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const release = await holdScripts(page);
    await page.goto("/home", { waitUntil: "domcontentloaded" });
    const words = page.getByRole("combobox", { name: "Mots recherchés" });
    await words.fill("toit ouvrant");
    await page.getByLabel("Marque", { exact: true }).selectOption("Peugeot");
    // Without JavaScript the model waits for a brand.
    await expect(page.getByLabel("Modèle", { exact: true })).toBeDisabled();
    release();
    await expect(page.locator("html")).toHaveAttribute("data-rendered-url", "/home");
    await expect(page.getByLabel("Modèle", { exact: true })).toBeEnabled();
    await expect(words).toHaveValue("toit ouvrant");
    await expect(page.getByLabel("Marque", { exact: true })).toHaveValue("Peugeot");
    await page.getByLabel("Modèle", { exact: true }).selectOption("208");
    await page.getByRole("search", { name: "Trouver votre occasion" }).getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(/\/recherche\?brand=Peugeot&model=208$/);
  });

  test("words still being typed when the page hydrates get their suggestions without another keystroke", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const release = await holdScripts(page);
    await page.goto("/home", { waitUntil: "domcontentloaded" });
    const words = page.getByRole("combobox", { name: "Mots recherchés" });
    await words.fill("peug");
    await expect(words).toBeFocused();
    release();
    await expect(page.locator("html")).toHaveAttribute("data-rendered-url", "/home");
    await expect(page.getByRole("listbox", { name: "Suggestions pour mots recherchés" }).getByRole("option", { name: /^Peugeot/ }).first()).toBeVisible();
    await expect(words).toHaveValue("peug");
  });

  test("a brand changed in the header before hydration drops the URL's model it does not have", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const release = await holdScripts(page);
    await page.goto("/recherche?brand=Peugeot&model=208", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Marque recherchée").selectOption("Renault");
    release();
    await expect(page.locator("html")).toHaveAttribute("data-rendered-url", "/recherche?brand=Peugeot&model=208");
    await expect(page.getByLabel("Marque recherchée")).toHaveValue("Renault");
    await expect(page.getByLabel("Modèle recherché")).toHaveValue("");
    await expect(page.getByLabel("Modèle recherché").locator('option[value="Clio"]')).toHaveCount(1);
  });

  test("the pages people land on hold their JavaScript back until painted; the others load it at once", async ({
    request,
  }) => {
    for (const path of ["/home", "/recherche", "/publish"]) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('type="text/x-deferred-module"');
      expect(html, path).not.toContain('rel="modulepreload"');
    }
    const legal = await (await request.get("/mentions-legales")).text();
    expect(legal).toContain('type="module"');
    expect(legal).toContain('rel="modulepreload"');
    expect(legal).not.toContain('type="text/x-deferred-module"');
  });

  test("the home page has no serious accessibility violation", async ({ page }) => {
    await page.goto("/home");
    await expectNoSeriousAxeViolation(page);
  });
});

test.describe("server basics", () => {
  test("pages carry the security headers", async ({ request }) => {
    const response = await request.get("/home");
    const headers = response.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-powered-by"]).toBeUndefined();
  });

  test("hashed assets are cached immutably and pages are compressed", async ({ page, request }) => {
    // The page's modules are requested once it has painted (decision 0024).
    const script = page.waitForResponse((r) => r.url().includes("/assets/") && r.url().endsWith(".js"));
    await page.goto("/home");
    const asset = await request.get((await script).url());
    expect(asset.headers()["cache-control"]).toContain("immutable");
    const html = await request.get("/home", { headers: { "accept-encoding": "gzip" } });
    expect(html.headers()["content-encoding"]).toBe("gzip");
  });

  test("a cross-site form post is refused", async ({ request }) => {
    const response = await request.post("/api/auth/sign-in/email", {
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      data: { email: "vendeur@occazio.local", password: "occazio-demo" },
    });
    expect(response.status()).toBe(403);
  });

  test("/healthz reports the database", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });
});

test.describe("postal-code suggestions API", () => {
  test("75011 gives Paris 11e with coordinates", async ({ request }) => {
    const response = await request.get("/api/places?postalCode=75011");
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { suggestions: { city: string; latitude: number }[] };
    expect(body.suggestions[0]).toMatchObject({ city: "Paris 11e", postalCode: "75011" });
  });

  for (const [code, status] of [
    ["7501", 400],
    ["ABCDE", 400],
    ["99999", 200],
    ["", 400],
  ] as const) {
    test(`"${code}" answers ${status}, never 500`, async ({ request }) => {
      const response = await request.get(`/api/places?postalCode=${code}`);
      expect(response.status()).toBe(status);
      const body = (await response.json()) as { suggestions: unknown[]; error?: string };
      expect(body.suggestions).toEqual([]);
      if (status === 400) expect(body.error).toBe("Le code postal doit comporter exactement 5 chiffres.");
    });
  }
});

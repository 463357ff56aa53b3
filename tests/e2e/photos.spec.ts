import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { DEMO_PASSWORD, logInThroughUi, settled, signUpThroughUi } from "./fixtures";
import { fillUpToPhotos, makePhotoFiles, next, stepTitle } from "./publishing";

/**
 * Issue 34: up to 20 photos. Several chosen at once upload with a bar and a name each; the
 * seller reorders them by keyboard ('Avancer' / 'Reculer', focus kept, announced) and by drag,
 * chooses the main photo; the order survives a reload and the main photo is the first on the
 * card and on the listing page, whose gallery counts them all.
 */
const COLORS = [
  "#c0392b",
  "#2980b9",
  "#27ae60",
  "#8e44ad",
  "#f39c12",
  "#16a085",
  "#2c3e50",
  "#d35400",
  "#1abc9c",
  "#e84393",
  "#6c5ce7",
  "#b8860b",
];
/** Photos chosen at once (issue 34's 'Done when': 12). */
const N = COLORS.length;
/** Photo numbers `from`..`to`. */
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The storage key of a photo variant URL (`…/<key>-<width>.webp`): the same photo at any width. */
const keyOf = (src: string | null) => /([^/]+)-\d+\.webp$/.exec(src ?? "")?.[1] ?? `? ${src}`;

function tilesOf(page: Page): Locator {
  return page.getByRole("list", { name: "Photos de l'annonce" }).getByRole("listitem");
}

/** File names in the order of the tiles. */
function fileOrder(page: Page): Promise<string[]> {
  return tilesOf(page).evaluateAll((lis) => lis.map((li) => li.querySelector("p[title]")?.getAttribute("title") ?? ""));
}

/** Stored photos' keys in the order of the tiles. */
function keyOrder(page: Page): Promise<string[]> {
  return tilesOf(page)
    .evaluateAll((lis) => lis.map((li) => li.querySelector("img")?.getAttribute("src") ?? ""))
    .then((srcs) => srcs.map(keyOf));
}

const names = (numbers: number[]) => numbers.map((n) => `photo-${n}.jpg`);

async function dragTile(page: Page, from: Locator, to: Locator) {
  const a = (await from.locator("[data-drag-handle]").boundingBox())!;
  const b = (await to.locator("[data-drag-handle]").boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  // Past the 6 px activation distance, then over the target in steps (dnd-kit follows the moves).
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

async function validateAsModerator(browser: Browser, baseURL: string | undefined, title: string, photoCount: number) {
  const context = await browser.newContext({ baseURL, locale: "fr-FR", timezoneId: "Europe/Paris" });
  const moderator = await context.newPage();
  await moderator.goto("/home");
  await expect(await logInThroughUi(moderator, "moderateur@occazio.local", DEMO_PASSWORD)).toBeHidden();
  await moderator.goto("/moderation");
  const card = moderator.getByRole("article", { name: new RegExp(`${title}$`) });
  // The moderator sees every photo, not the first three.
  await expect(card.getByText(`${photoCount} photos`, { exact: true })).toBeVisible();
  await expect(card.getByRole("list", { name: "Photos de l'annonce" }).getByRole("img")).toHaveCount(photoCount);
  await card.getByRole("button", { name: /^Valider/ }).click();
  await expect(moderator.getByText("Annonce validée : elle est en ligne.")).toBeVisible();
  await context.close();
}

for (const width of [375, 1280]) {
  test.describe(`20 photos at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test(`uploads ${N} photos at once, reorders them by keyboard and by drag, picks the main photo: first on the card and the listing page`, async ({
      page,
      browser,
      baseURL,
    }, testInfo) => {
      test.setTimeout(180_000);
      const files = await makePhotoFiles(COLORS);
      const model = `Sandero ${width} ${Date.now().toString(36)}`;
      await signUpThroughUi(page);
      await fillUpToPhotos(page, "Dacia", model);
      const tiles = tilesOf(page);

      // Every chosen file gets its tile with its name at once, then its bar, then 'Photo enregistrée'.
      const firstUpload = page.waitForRequest(
        (r) => r.method() === "POST" && /\/api\/listings\/[^/]+\/photos$/.test(r.url()),
      );
      await page.getByLabel("Ajouter des photos").setInputFiles(files);
      const listingId = /\/api\/listings\/([^/]+)\/photos$/.exec((await firstUpload).url())![1]!;
      await expect(tiles).toHaveCount(N);
      expect(await fileOrder(page)).toEqual(names(range(1, N)));
      await expect(tiles.getByText("Photo enregistrée")).toHaveCount(N);
      await expect(page.getByText(`${N} / 20 photos`, { exact: true })).toBeVisible();
      await expect(tiles.first().getByText("Photo principale")).toBeVisible();
      const busy = page.locator('input[name="photosBusy"]');
      await expect(busy).toHaveValue("");
      await page.screenshot({ path: testInfo.outputPath(`photo-step-${width}.png`), fullPage: true });

      // Keyboard: 'Avancer' on photo 3 makes it photo 2; the focus stays on it; it is announced.
      const announcement = page.getByTestId("photo-order-announcement");
      await tiles.nth(2).getByRole("button", { name: "Avancer la photo 3" }).focus();
      await page.keyboard.press("Enter");
      await expect(announcement).toHaveText("Photo 3 déplacée en position 2.");
      await expect(page.getByRole("button", { name: "Avancer la photo 2" })).toBeFocused();
      expect(await fileOrder(page)).toEqual(names([1, 3, 2, ...range(4, N)]));
      // 'Reculer' with the keyboard only: Tab to photo 4's button, Enter.
      await tiles.nth(3).getByRole("button", { name: "Reculer la photo 4" }).focus();
      await page.keyboard.press("Enter");
      await expect(announcement).toHaveText("Photo 4 déplacée en position 5.");
      await expect(page.getByRole("button", { name: "Reculer la photo 5" })).toBeFocused();
      expect(await fileOrder(page)).toEqual(names([1, 3, 2, 5, 4, ...range(6, N)]));

      // Drag: photo 7 dropped on photo 5's place (both mid-screen: near an edge dnd-kit scrolls the page).
      await tiles.nth(4).evaluate((el) => el.scrollIntoView({ block: "center", behavior: "instant" }));
      await dragTile(page, tiles.nth(6), tiles.nth(4));
      await expect(announcement).toHaveText("Photo 7 déplacée en position 5.");
      expect(await fileOrder(page)).toEqual(names([1, 3, 2, 5, 7, 4, 6, ...range(8, N)]));

      // 'Définir comme principale' on the last photo.
      await tiles
        .nth(N - 1)
        .getByRole("button", { name: `Définir comme principale la photo ${N}` })
        .click();
      await expect(announcement).toHaveText(`Photo ${N} déplacée en position 1 : c'est la photo principale.`);
      expect(await fileOrder(page)).toEqual(names([N, 1, 3, 2, 5, 7, 4, 6, ...range(8, N - 1)]));
      await expect(tiles.first().getByText("Photo principale")).toBeVisible();

      // Saved on the server: the same order after a reload (once the last order's request has answered).
      await expect(busy).toHaveValue("");
      await expect(page.locator("[data-order-saved]")).toHaveAttribute("data-order-saved", "true");
      const order = await keyOrder(page);
      await page.reload();
      await stepTitle(page, 7);
      await expect(tiles).toHaveCount(N);
      expect(await keyOrder(page)).toEqual(order);
      const main = order[0]!;

      await next(page, 8);
      await page.getByLabel("Prix (€)").fill("9900");
      await page.getByRole("button", { name: "Publier l'annonce" }).click();
      await expect(page.getByRole("heading", { name: "Annonce publiée avec succès !" })).toBeVisible();
      await validateAsModerator(browser, baseURL, `Dacia ${model}`, N);

      // The card shows the main photo first.
      await page.goto("/recherche?brand=Dacia");
      await settled(page);
      const card = page.locator("main article").filter({ hasText: model });
      await expect(card).toHaveCount(1);
      expect(keyOf(await card.getByRole("img").first().getAttribute("src"))).toBe(main);

      // The listing page: the main photo first, all of them counted.
      await page.goto(`/annonce/${listingId}`);
      await settled(page);
      const title = page.getByRole("heading", { level: 1 });
      await expect(title).toBeVisible();
      if (width <= 768) {
        const carousel = page.locator('[aria-roledescription="carrousel"]');
        expect(keyOf(await carousel.getByRole("img").first().getAttribute("src"))).toBe(main);
        await expect(carousel.getByText(`1 / ${N}`, { exact: true })).toBeVisible();
        await carousel.getByRole("button", { name: "Photo suivante" }).click();
        await expect(carousel.getByText(`2 / ${N}`, { exact: true })).toBeVisible();
        await page.screenshot({ path: testInfo.outputPath(`gallery-${width}.png`) });
      } else {
        const grid = page.getByRole("group", { name: /^Photos de/ });
        expect(keyOf(await grid.getByRole("img").first().getAttribute("src"))).toBe(main);
        await page.screenshot({ path: testInfo.outputPath(`gallery-${width}.png`) });
        // The third tile says how many there are; the viewer shows them all.
        await expect(grid.getByText(`Voir les ${N} photos`, { exact: true })).toBeVisible();
        await grid.getByRole("button", { name: new RegExp(`photo 3 sur ${N}$`) }).click();
        const viewer = page.getByRole("dialog");
        await expect(viewer.getByText(`3 / ${N}`, { exact: true })).toBeVisible();
        await page.keyboard.press("ArrowRight");
        await expect(viewer.getByText(`4 / ${N}`, { exact: true })).toBeVisible();
        await page.keyboard.press("ArrowLeft");
        await page.keyboard.press("ArrowLeft");
        await page.keyboard.press("ArrowLeft");
        await expect(viewer.getByText(`1 / ${N}`, { exact: true })).toBeVisible();
        expect(keyOf(await viewer.getByRole("img").getAttribute("src"))).toBe(main);
        await page.screenshot({ path: testInfo.outputPath(`viewer-${width}.png`) });
        await page.keyboard.press("Escape");
        await expect(viewer).toBeHidden();
      }

      // 'Modifier l'annonce' has the same photo manager: the second photo becomes the main one.
      await page.goto(`/edit-annonce/${listingId}`);
      await expect(page.getByRole("heading", { level: 1, name: "Modifier mon annonce" })).toBeVisible();
      await expect(tiles).toHaveCount(N);
      expect(await keyOrder(page)).toEqual(order);
      await tiles.nth(1).getByRole("button", { name: "Définir comme principale la photo 2" }).click();
      await expect(announcement).toHaveText("Photo 2 déplacée en position 1 : c'est la photo principale.");
      await expect(busy).toHaveValue("");
      await expect(page.locator("[data-order-saved]")).toHaveAttribute("data-order-saved", "true");
      await page.goto(`/annonce/${listingId}`);
      const firstPhoto = page
        .locator(width <= 768 ? '[aria-roledescription="carrousel"]' : '[role="group"][aria-label^="Photos de"]')
        .getByRole("img")
        .first();
      await expect(firstPhoto).toHaveAttribute("src", new RegExp(`${order[1]}-\\d+\\.webp$`));

      // Decision 0053: a photo added to the published listing waits for a moderator; buyers keep
      // seeing the approved ones until it is validated. (Wide screens: the grid counts them.)
      if (width !== 1280) return;
      const [extra] = await makePhotoFiles(["#7f8c8d"]);
      await page.goto(`/edit-annonce/${listingId}`);
      await expect(tiles).toHaveCount(N);
      await page.getByLabel("Ajouter des photos").setInputFiles([extra!]);
      await expect(tiles).toHaveCount(N + 1);
      await expect(tiles.nth(N).getByText("En attente de validation", { exact: true })).toBeVisible();
      await expect(busy).toHaveValue("");
      // Still said when the seller opens the form again.
      await page.reload();
      await expect(tiles).toHaveCount(N + 1);
      await expect(tiles.nth(N).getByText("En attente de validation", { exact: true })).toBeVisible();
      await expect(tiles.getByText("En attente de validation", { exact: true })).toHaveCount(1);
      const buyerContext = await browser.newContext({ baseURL, locale: "fr-FR", timezoneId: "Europe/Paris" });
      const buyer = await buyerContext.newPage();
      await buyer.goto(`/annonce/${listingId}`);
      const gallery = buyer.getByRole("group", { name: /^Photos de/ });
      await expect(gallery.getByText(`Voir les ${N} photos`, { exact: true })).toBeVisible();

      const moderatorContext = await browser.newContext({ baseURL, locale: "fr-FR", timezoneId: "Europe/Paris" });
      const moderator = await moderatorContext.newPage();
      await moderator.goto("/home");
      await expect(await logInThroughUi(moderator, "moderateur@occazio.local", DEMO_PASSWORD)).toBeHidden();
      await moderator.goto("/moderation");
      const change = moderator.getByRole("article", { name: new RegExp(`^Modification : Dacia ${model}`) });
      await expect(change.getByText(`1 nouvelle photo sur ${N + 1}`, { exact: true })).toBeVisible();
      await expect(change.getByText("Nouvelle photo", { exact: true })).toHaveCount(1);
      await moderator.screenshot({ path: testInfo.outputPath("moderation-new-photo.png"), fullPage: true });
      await change.getByRole("button", { name: "Valider la modification" }).click();
      await expect(
        moderator.getByText("Modification validée : les acheteurs voient la nouvelle version."),
      ).toBeVisible();
      await moderatorContext.close();

      await buyer.reload();
      await expect(gallery.getByText(`Voir les ${N + 1} photos`, { exact: true })).toBeVisible();
      await buyerContext.close();
    });
  });
}

test.describe("dropping files on the photo step", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("dropped files upload side by side, each with its own French error when refused", async ({ page }) => {
    test.setTimeout(120_000);
    await signUpThroughUi(page);
    await fillUpToPhotos(page, "Dacia", `Duster ${Date.now().toString(36)}`);
    const tiles = tilesOf(page);
    // What a file manager's drag carries: two photos, a text file, and a 16 MB photo.
    const dataTransfer = await page.evaluateHandle(async () => {
      const photo = async (color: string) => {
        const canvas = document.createElement("canvas");
        canvas.width = 320;
        canvas.height = 240;
        const context = canvas.getContext("2d")!;
        context.fillStyle = color;
        context.fillRect(0, 0, 320, 240);
        return new Promise<Blob>((resolve) => canvas.toBlob((blob) => resolve(blob!), "image/jpeg"));
      };
      const transfer = new DataTransfer();
      transfer.items.add(new File([await photo("#c0392b")], "avant.jpg", { type: "image/jpeg" }));
      transfer.items.add(new File(["Révision faite en mars."], "notes.txt", { type: "text/plain" }));
      transfer.items.add(new File([await photo("#2980b9")], "interieur.jpg", { type: "image/jpeg" }));
      transfer.items.add(new File([new Uint8Array(16 * 1024 * 1024)], "enorme.jpg", { type: "image/jpeg" }));
      return transfer;
    });
    const zone = page.locator("[data-photo-drop-zone]");
    await zone.dispatchEvent("dragover", { dataTransfer });
    await zone.dispatchEvent("drop", { dataTransfer });
    await expect(tiles).toHaveCount(4);
    expect(await fileOrder(page)).toEqual(["avant.jpg", "notes.txt", "interieur.jpg", "enorme.jpg"]);
    await expect(tiles.nth(0).getByText("Photo enregistrée")).toBeVisible();
    await expect(tiles.nth(2).getByText("Photo enregistrée")).toBeVisible();
    await expect(tiles.nth(1).getByRole("alert")).toHaveText(
      "Ce fichier n'est pas une image : envoyez une photo JPEG, PNG ou WebP.",
    );
    await expect(tiles.nth(3).getByRole("alert")).toHaveText("La photo dépasse la taille maximale de 15 Mo.");
    await expect(page.getByText("2 / 20 photos", { exact: true })).toBeVisible();
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingPhotos, listings } from "~/db/schema";
import { CARD_PHOTOS, withPhotos as cardsWithPhotos } from "~/features/listings/listing-cards.server";
import { PHOTO_WIDTHS } from "~/features/listings/photo-variants";
import { HEIC_DECODABLE, MAX_UPLOAD_BYTES, PHOTO_MESSAGES } from "~/features/publish/photo-upload.server";
import { addListingPhoto } from "~/features/publish/add-listing-photo.server";
import { removeListingPhoto } from "~/features/publish/remove-listing-photo.server";
import { reorderListingPhotos } from "~/features/publish/reorder-listing-photos.server";
import { saveDraftStep1 } from "~/features/publish/save-draft-step1.server";
import { AppError, type AppErrorCode } from "~/server/app-error";
import { createLocalStorage, type Storage } from "~/server/storage.server";
import { insertListing, insertUser, type InsertedUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
let storageDir: string;
let storage: Storage;

beforeAll(async () => {
  t = await createTestDatabase();
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-photos-"));
  storage = createLocalStorage(storageDir);
});
afterAll(async () => {
  await t?.close();
  if (storageDir) fs.rmSync(storageDir, { recursive: true, force: true });
});

// ───────────────────────────── fixtures ─────────────────────────────

/** Random pixels: JPEG cannot compress them away, so sizes and timings are realistic. */
function noise(width: number, height: number, channels: 3 | 4 = 3): Buffer {
  const pixels = Buffer.alloc(width * height * channels);
  let seed = width * 31 + height;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = seed >> 23;
  }
  return pixels;
}

function image(width = 640, height = 480) {
  return sharp(noise(width, height), { raw: { width, height, channels: 3 } });
}

const jpeg = (width?: number, height?: number) => image(width, height).jpeg({ quality: 85 }).toBuffer();

/** A phone photo: GPS position, camera make, and a 90° orientation flag. */
function jpegWithGps(): Promise<Buffer> {
  return image(640, 480)
    .jpeg()
    .withExif({
      IFD0: { Make: "Apple", Model: "iPhone 15" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "48/1 51/1 2400/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "2/1 21/1 0/1",
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Tag ids of IFD0 of an EXIF block ("Exif\0\0" + TIFF), read by hand so the check is independent of sharp. */
function exifIfd0Tags(exif: Buffer): number[] {
  const tiff = exif.subarray(exif.subarray(0, 6).toString("latin1") === "Exif\0\0" ? 6 : 0);
  const little = tiff.subarray(0, 2).toString("latin1") === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}
const GPS_IFD_POINTER = 0x8825;

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid 20000 × 20000 black PNG (400 megapixels) in ~50 KB: 1-bit greyscale rows of
 * zeros deflate ~1000:1. Decoding it would take 400 MB to 1.6 GB of pixel memory.
 */
function pngBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(side / 8); // filter byte + packed pixels
  const data = zlib.deflateSync(Buffer.alloc(rowBytes * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", data),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The ISO BMFF header of an iPhone HEIC (no image data needed: it is refused on its brand). */
function heicHeader(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write("ftypheic", 4, "latin1");
  ftyp.write("mif1heic", 16, "latin1");
  return Buffer.concat([ftyp, Buffer.alloc(1000)]);
}

// ───────────────────────────── helpers ─────────────────────────────

function storedFiles(): string[] {
  return (fs.readdirSync(storageDir, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(storageDir, f)).isFile())
    .sort();
}

async function snapshot(): Promise<string> {
  const rows = await t.db.select().from(listings).orderBy(asc(listings.id));
  const photos = await t.db.select().from(listingPhotos).orderBy(asc(listingPhotos.id));
  return JSON.stringify({ rows, photos, files: storedFiles() });
}

/** Refused with `code` (and `message`), with no row and no file changed. */
async function expectRefusedUnchanged(call: () => Promise<unknown>, code: AppErrorCode, message?: string | RegExp) {
  const before = await snapshot();
  const error = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "the call should have been refused").toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  if (message !== undefined) expect((error as AppError).message).toMatch(message);
  expect(await snapshot()).toBe(before);
  return error as AppError;
}

function newUser(): Promise<InsertedUser> {
  return insertUser(t.db, { canSignIn: false });
}

async function newDraft(seller: InsertedUser): Promise<string> {
  const { listingId } = await saveDraftStep1({ db: t.db, userId: seller.id, brand: "Renault", model: "Clio" });
  return listingId;
}

async function photoRows(listingId: string) {
  return t.db
    .select()
    .from(listingPhotos)
    .where(eq(listingPhotos.listingId, listingId))
    .orderBy(asc(listingPhotos.position));
}

// ───────────────────────────── tests ─────────────────────────────

describe(`photo upload (${process.env.TEST_DB_ENGINE})`, () => {
  it("stores a JPEG as WebP variants under a server key, at position 0", async () => {
    const seller = await newUser();
    const listingId = await newDraft(seller);
    const result = await addListingPhoto({
      db: t.db,
      storage,
      userId: seller.id,
      listingId,
      file: await jpeg(2000, 1500),
    });
    expect(result.photoCount).toBe(1);
    expect(result.photo).toMatchObject({ position: 0, width: 2000, height: 1500 });
    const [row] = await photoRows(listingId);
    expect(row?.storageKey).toMatch(new RegExp(`^listings/${listingId}/[0-9a-f-]{36}$`));
    expect(row?.variantWidths).toEqual([...PHOTO_WIDTHS]);
    for (const width of PHOTO_WIDTHS) {
      const file = path.join(storageDir, `${row!.storageKey}-${width}.webp`);
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format: "webp", width });
    }
    expect(result.photo.src).toBe(`/uploads/${row!.storageKey}-480.webp`);
  });

  it("accepts PNG and WebP, never enlarging a small image", async () => {
    const seller = await newUser();
    const listingId = await newDraft(seller);
    const png = await image(300, 200).png().toBuffer();
    const webp = await image(800, 600).webp().toBuffer();
    await addListingPhoto({ db: t.db, storage, userId: seller.id, listingId, file: png });
    await addListingPhoto({ db: t.db, storage, userId: seller.id, listingId, file: webp });
    const rows = await photoRows(listingId);
    expect(rows.map((r) => [r.position, r.width, r.variantWidths])).toEqual([
      [0, 300, [300]],
      [1, 800, [480, 800]],
    ]);
  });

  it("strips EXIF (GPS included) and applies the orientation", async () => {
    const seller = await newUser();
    const listingId = await newDraft(seller);
    const file = await jpegWithGps();
    const input = await sharp(file).metadata();
    expect(input.exif, "the fixture must really carry EXIF").toBeDefined();
    expect(exifIfd0Tags(input.exif!)).toContain(GPS_IFD_POINTER);
    expect(input.orientation).toBe(6);

    await addListingPhoto({ db: t.db, storage, userId: seller.id, listingId, file });
    const [row] = await photoRows(listingId);
    // Orientation 6 = rotated 90°: the stored photo is upright, so portrait.
    expect([row?.width, row?.height]).toEqual([480, 640]);
    for (const width of row!.variantWidths) {
      const stored = fs.readFileSync(path.join(storageDir, `${row!.storageKey}-${width}.webp`));
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      // No EXIF/XMP chunk in the WebP container, and no trace of the camera.
      expect(stored.includes(Buffer.from("EXIF"))).toBe(false);
      expect(stored.includes(Buffer.from("XMP "))).toBe(false);
      expect(stored.includes(Buffer.from("iPhone"))).toBe(false);
    }
  });

  it("refuses a 21st photo and keeps exactly 20 when 21 uploads race", async () => {
    const seller = await newUser();
    const listingId = await newDraft(seller);
    const files = await Promise.all(Array.from({ length: 21 }, (_, i) => jpeg(400 + i, 300)));
    const filesBefore = storedFiles().length;
    const results = await Promise.allSettled(
      files.map((file) => addListingPhoto({ db: t.db, storage, userId: seller.id, listingId, file })),
    );
    const rejected = results.filter((r) => r.status === "rejected");
    expect(rejected).toHaveLength(1);
    const reason = (rejected[0] as PromiseRejectedResult).reason as AppError;
    expect(reason).toBeInstanceOf(AppError);
    expect(reason.code).toBe("conflict");
    expect(reason.message).toBe("Vous ne pouvez pas ajouter plus de 20 photos.");
    const rows = await photoRows(listingId);
    expect(rows.map((r) => r.position)).toEqual([...Array(20).keys()]);
    // Each kept photo has one variant (its width is under 480); the refused one left no file.
    expect(storedFiles().length - filesBefore).toBe(20);

    await expectRefusedUnchanged(
      async () => addListingPhoto({ db: t.db, storage, userId: seller.id, listingId, file: await jpeg() }),
      "conflict",
      "Vous ne pouvez pas ajouter plus de 20 photos.",
    );
  });

  describe("refuses bad files with a clear French message, storing nothing", () => {
    let seller: InsertedUser;
    let listingId: string;
    beforeAll(async () => {
      seller = await newUser();
      listingId = await newDraft(seller);
    });
    const upload = (file: Buffer) => () => addListingPhoto({ db: t.db, storage, userId: seller.id, listingId, file });

    it("a 30 MB file", async () => {
      const big = Buffer.alloc(30 * 1024 * 1024);
      (await jpeg()).copy(big);
      expect(big.length).toBeGreaterThan(MAX_UPLOAD_BYTES);
      const error = await expectRefusedUnchanged(
        upload(big),
        "too_large",
        "La photo dépasse la taille maximale de 15 Mo.",
      );
      expect(error.status).toBe(413);
    });

    it("an HTML page named .jpg", async () => {
      const html = Buffer.from("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>");
      await expectRefusedUnchanged(upload(html), "invalid", PHOTO_MESSAGES.notImage);
      expect(PHOTO_MESSAGES.notImage).toBe("Ce fichier n'est pas une image : envoyez une photo JPEG, PNG ou WebP.");
    });

    it("an SVG (scripts can hide in it)", async () => {
      const svg = Buffer.from(
        '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      );
      await expectRefusedUnchanged(upload(svg), "invalid", "Les images SVG ne sont pas acceptées");
    });

    it("a GIF and a PDF", async () => {
      const gif = await sharp(noise(20, 20), { raw: { width: 20, height: 20, channels: 3 } })
        .gif()
        .toBuffer();
      await expectRefusedUnchanged(upload(gif), "invalid", "Les images GIF ne sont pas acceptées");
      await expectRefusedUnchanged(upload(Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj")), "invalid", /fichiers PDF/);
    });

    it("a truncated JPEG", async () => {
      const whole = await jpeg(1200, 900);
      await expectRefusedUnchanged(
        upload(whole.subarray(0, Math.floor(whole.length / 2))),
        "invalid",
        "Cette image est illisible ou incomplète : envoyez une autre photo.",
      );
    });

    it("a JPEG signature followed by garbage, and an empty file", async () => {
      await expectRefusedUnchanged(
        upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)])),
        "invalid",
        PHOTO_MESSAGES.corrupt,
      );
      await expectRefusedUnchanged(upload(Buffer.alloc(0)), "invalid", PHOTO_MESSAGES.empty);
    });

    it("a 20000 × 20000 PNG, from its header, without decoding it", async () => {
      const bomb = pngBomb();
      expect(bomb.length).toBeLessThan(200_000);
      const rssBefore = process.memoryUsage().rss;
      const error = await expectRefusedUnchanged(
        upload(bomb),
        "too_large",
        "L'image est trop grande (20000 × 20000 pixels) : 40 mégapixels au maximum.",
      );
      expect(error.status).toBe(413);
      // Decoding would need ≥ 400 MB; reading the header needs next to nothing.
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(150 * 1024 * 1024);
    });

    it("HEIC when this sharp cannot decode HEVC, and AVIF", async () => {
      if (!HEIC_DECODABLE) {
        await expectRefusedUnchanged(
          upload(heicHeader()),
          "invalid",
          "Le format HEIC n'est pas pris en charge : exportez la photo en JPEG.",
        );
      }
      const avif = await image(64, 64).avif().toBuffer();
      await expectRefusedUnchanged(upload(avif), "invalid", PHOTO_MESSAGES.avif);
    });
  });

  it("authorization matrix for upload: anonymous, other user, owner; unknown ids", async () => {
    const seller = await newUser();
    const other = await newUser();
    const listingId = await newDraft(seller);
    const file = await jpeg();
    await expectRefusedUnchanged(
      () => addListingPhoto({ db: t.db, storage, userId: undefined, listingId, file }),
      "unauthenticated",
      "Vous devez être connecté pour publier une annonce.",
    );
    await expectRefusedUnchanged(
      () => addListingPhoto({ db: t.db, storage, userId: other.id, listingId, file }),
      "forbidden",
      "Vous n'êtes pas autorisé à modifier cette annonce.",
    );
    for (const badId of ["nope", "00000000-0000-0000-0000-000000000000"]) {
      await expectRefusedUnchanged(
        () => addListingPhoto({ db: t.db, storage, userId: seller.id, listingId: badId, file }),
        "not_found",
        "Annonce non trouvée.",
      );
    }
    await addListingPhoto({ db: t.db, storage, userId: seller.id, listingId, file });
    expect(await photoRows(listingId)).toHaveLength(1);
  });

  it("refuses photos on sold and deleted listings", async () => {
    const seller = await newUser();
    for (const status of ["sold", "deleted"] as const) {
      const listing = await insertListing(t.db, seller.id, { status });
      await expectRefusedUnchanged(
        async () =>
          addListingPhoto({ db: t.db, storage, userId: seller.id, listingId: listing.id, file: await jpeg() }),
        "conflict",
      );
    }
  });
});

describe(`photo removal (${process.env.TEST_DB_ENGINE})`, () => {
  it("authorization matrix for removal, then re-packs positions and deletes the files", async () => {
    const seller = await newUser();
    const other = await newUser();
    const listingId = await newDraft(seller);
    for (const width of [500, 600, 700]) {
      await addListingPhoto({ db: t.db, storage, userId: seller.id, listingId, file: await jpeg(width, 400) });
    }
    const [first, second, third] = await photoRows(listingId);
    const remove = (userId: string | undefined, photoId: unknown = first!.id, id: unknown = listingId) =>
      removeListingPhoto({ db: t.db, storage, userId, listingId: id, photoId });

    await expectRefusedUnchanged(() => remove(undefined), "unauthenticated");
    await expectRefusedUnchanged(
      () => remove(other.id),
      "forbidden",
      "Vous n'êtes pas autorisé à modifier cette annonce.",
    );
    await expectRefusedUnchanged(() => remove(seller.id, "not-a-uuid"), "not_found", "Photo non trouvée.");
    await expectRefusedUnchanged(
      () => remove(seller.id, "00000000-0000-0000-0000-000000000000"),
      "not_found",
      "Photo non trouvée.",
    );
    // A photo id of another listing is not found through this one.
    const otherListing = await newDraft(other);
    await addListingPhoto({ db: t.db, storage, userId: other.id, listingId: otherListing, file: await jpeg() });
    const [foreign] = await photoRows(otherListing);
    await expectRefusedUnchanged(() => remove(seller.id, foreign!.id), "not_found");
    await expectRefusedUnchanged(() => remove(other.id, foreign!.id), "forbidden");

    const result = await remove(seller.id);
    expect(result.photos.map((p) => [p.id, p.position])).toEqual([
      [second!.id, 0],
      [third!.id, 1],
    ]);
    expect(storedFiles().some((f) => f.startsWith(first!.storageKey))).toBe(false);
    expect(storedFiles().filter((f) => f.startsWith(second!.storageKey))).toHaveLength(2);
    // The freed slot is used by the next upload.
    await addListingPhoto({ db: t.db, storage, userId: seller.id, listingId, file: await jpeg() });
    expect((await photoRows(listingId)).map((r) => r.position)).toEqual([0, 1, 2]);
  });

  it("keeps the last photo of a submitted listing, but not of a draft", async () => {
    const seller = await newUser();
    const listing = await insertListing(t.db, seller.id, { status: "published" });
    await addListingPhoto({ db: t.db, storage, userId: seller.id, listingId: listing.id, file: await jpeg() });
    const [only] = await photoRows(listing.id);
    await expectRefusedUnchanged(
      () => removeListingPhoto({ db: t.db, storage, userId: seller.id, listingId: listing.id, photoId: only!.id }),
      "conflict",
      "Une annonce doit garder au moins une photo.",
    );
    const draftId = await newDraft(seller);
    await addListingPhoto({ db: t.db, storage, userId: seller.id, listingId: draftId, file: await jpeg() });
    const [draftPhoto] = await photoRows(draftId);
    expect(
      await removeListingPhoto({ db: t.db, storage, userId: seller.id, listingId: draftId, photoId: draftPhoto!.id }),
    ).toEqual({ photos: [] });
  });
});

describe(`photo order and main photo (${process.env.TEST_DB_ENGINE})`, () => {
  /** A draft with `n` photos, or a listing published with them (its photos validated with it). */
  async function withPhotos(seller: InsertedUser, n: number, status?: "published") {
    const listingId = status ? (await insertListing(t.db, seller.id, { status: "pending" })).id : await newDraft(seller);
    for (let i = 0; i < n; i++) {
      await addListingPhoto({ db: t.db, storage, userId: seller.id, listingId, file: await jpeg(300 + i, 200) });
    }
    if (status) await t.db.update(listings).set({ status }).where(eq(listings.id, listingId));
    return { listingId, ids: (await photoRows(listingId)).map((r) => r.id) };
  }
  const reorder = (userId: string | undefined, listingId: unknown, photoIds: unknown) =>
    reorderListingPhotos({ db: t.db, storage, userId, listingId, photoIds });

  it("reverses 20 photos at once (no free slot left) keeping ids, files and dates", async () => {
    const seller = await newUser();
    const { listingId, ids } = await withPhotos(seller, 20);
    const before = await photoRows(listingId);
    const reversed = [...ids].reverse();
    const result = await reorder(seller.id, listingId, reversed);
    expect(result.photos.map((p) => p.id)).toEqual(reversed);
    const after = await photoRows(listingId);
    expect(after.map((r) => [r.id, r.position])).toEqual(reversed.map((id, i) => [id, i]));
    const byId = new Map(before.map((r) => [r.id, r]));
    for (const row of after) {
      const old = byId.get(row.id)!;
      expect({ ...row, position: 0 }).toEqual({ ...old, position: 0 });
    }
  });

  it("the main photo of a published listing is its card's first photo; cards carry the first 3 only", async () => {
    const seller = await newUser();
    const { listingId, ids } = await withPhotos(seller, 5, "published");
    await reorder(seller.id, listingId, [ids[4], ids[0], ids[1], ids[2], ids[3]]);
    const [card] = await cardsWithPhotos({
      db: t.db,
      storage,
      rows: [{ id: listingId } as Parameters<typeof cardsWithPhotos>[0]["rows"][number]],
    });
    const [main] = await photoRows(listingId);
    expect(main!.id).toBe(ids[4]);
    expect(card!.photos[0]!.src).toContain(main!.storageKey);
    expect(CARD_PHOTOS).toBe(3);
    expect(card!.photos).toHaveLength(3);
  });

  it("owner only: 401, 403 for another seller, 404 for unknown ids; stale orders move nothing", async () => {
    const seller = await newUser();
    const other = await newUser();
    const { listingId, ids } = await withPhotos(seller, 3);
    const wanted = [ids[1], ids[0], ids[2]];
    await expectRefusedUnchanged(() => reorder(undefined, listingId, wanted), "unauthenticated");
    await expectRefusedUnchanged(
      () => reorder(other.id, listingId, wanted),
      "forbidden",
      "Vous n'êtes pas autorisé à modifier cette annonce.",
    );
    for (const badId of ["nope", "00000000-0000-0000-0000-000000000000"]) {
      await expectRefusedUnchanged(() => reorder(seller.id, badId, wanted), "not_found", "Annonce non trouvée.");
    }
    await expectRefusedUnchanged(() => reorder(seller.id, listingId, null), "invalid", "L'ordre des photos est invalide.");
    await expectRefusedUnchanged(() => reorder(seller.id, listingId, [ids[1], ids[0]]), "conflict", /ont changé/);
    await expectRefusedUnchanged(() => reorder(seller.id, listingId, [ids[1], ids[1], ids[2]]), "conflict");
    // Another listing's photo cannot be pulled in.
    const foreign = await withPhotos(other, 1);
    await expectRefusedUnchanged(() => reorder(seller.id, listingId, [foreign.ids[0], ids[0], ids[2]]), "conflict");
    await reorder(seller.id, listingId, wanted);
    expect((await photoRows(listingId)).map((r) => r.id)).toEqual(wanted);
  });

  it("refuses to reorder a sold listing's photos", async () => {
    const seller = await newUser();
    const { listingId, ids } = await withPhotos(seller, 2, "published");
    await t.db.update(listings).set({ status: "sold" }).where(eq(listings.id, listingId));
    await expectRefusedUnchanged(() => reorder(seller.id, listingId, [ids[1], ids[0]]), "conflict");
  });
});

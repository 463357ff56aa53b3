import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingPhotos, listings } from "~/db/schema";
import { deleteAccount } from "~/features/account/account.server";
import {
  listingPhotoPrefix,
  storeEncodedPhoto,
  encodePhotoVariants,
} from "~/features/listings/photo-processing.server";
import { listingPath } from "~/features/listings/listing-seo";
import { PHOTO_WIDTHS, variantKey } from "~/features/listings/photo-variants";
import { PHOTO_MESSAGES, storeListingPhoto } from "~/features/publish/photo-upload.server";
import { removeListingPhoto } from "~/features/publish/remove-listing-photo.server";
import { saveDraftStep1 } from "~/features/publish/save-draft-step1.server";
import { parseStorageUrl } from "~/server/storage-config";
import { migrateDiskPhotos } from "~/server/storage-migrate.server";
import { createS3Storage } from "~/server/storage-s3.server";
import { createLocalStorage, StorageUnavailableError } from "~/server/storage.server";
import { insertListing } from "~/testing/inserters.server";
import { S3RVER_CREDENTIALS, startS3Server, type S3TestServer } from "../support/s3-server";
import { createClient, startTestApp, type TestApp } from "../support/test-app";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { verifyEmailThroughOutbox } from "../support/verify-email";

/**
 * The S3 storage driver against a real S3-compatible server (s3rver, started here, with every
 * request's AWS Signature V4 verified), through the real HTTP app: uploads, variants, access to
 * photos, removals, an outage of the bucket, a wrong secret key, and the disk → bucket
 * migration. Nothing of ours is mocked.
 */
const engine = process.env.TEST_DB_ENGINE;
const ROOT = path.resolve(import.meta.dirname, "../..");
let t: TestDatabase;
let s3: S3TestServer;
let storage: ReturnType<typeof createS3Storage>;
let app: TestApp;
let jpeg: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  t = await createTestDatabase({ withPlaces: true });
  s3 = await startS3Server();
  // Credentials in the URL here; the migration script below takes them from AWS_* variables.
  const settings = parseStorageUrl(
    s3.storageUrl.replace("s3://", `s3://${S3RVER_CREDENTIALS.accessKeyId}:${S3RVER_CREDENTIALS.secretAccessKey}@`),
  );
  if (settings.driver !== "s3") throw new Error("STORAGE_URL de test mal lue");
  storage = createS3Storage(settings, { publicBaseUrl: s3.publicUrl });
  app = await startTestApp({ db: t, storage, env: { PHOTO_BASE_URL: s3.publicUrl } });
  jpeg = new Uint8Array(
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#2980b9" } })
      .jpeg()
      .toBuffer(),
  );
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
  await t?.close();
});

const uniq = () => Math.random().toString(36).slice(2, 10);

async function signedUp() {
  const client = createClient(app.url);
  const email = `vendeur.${uniq()}@exemple.fr`;
  const { user } = await client.signUp(email);
  await verifyEmailThroughOutbox(t, client, email);
  return { client, userId: user.id, email };
}

const upload = (client: ReturnType<typeof createClient>, listingId: string) =>
  client.request(`/api/listings/${listingId}/photos`, {
    method: "POST",
    headers: { "content-type": "image/jpeg", accept: "application/json" },
    body: jpeg,
  });

type UploadAnswer = { photo: { id: string; src: string; srcSet: string }; photoCount: number };

/** Keys in the bucket under a prefix, asked of the S3 server itself. */
async function bucketKeys(prefix: string): Promise<string[]> {
  const page = await storage.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key!).sort();
}

async function photoRows(listingId: string) {
  return t.db.select().from(listingPhotos).where(eq(listingPhotos.listingId, listingId));
}

describe(`photos in an S3 bucket (${engine})`, () => {
  it("stores every variant as an object and serves a published listing's photos from PHOTO_BASE_URL", async () => {
    const seller = await signedUp();
    // Added while the listing waits for its moderator, then validated with it (a photo added to
    // an already published listing waits for a moderator on its own, decision 0053).
    const listing = await insertListing(t.db, seller.userId, { status: "pending" });

    const response = await upload(seller.client, listing.id);
    expect(response.status).toBe(201);
    const body = (await response.json()) as UploadAnswer;
    const [row] = await photoRows(listing.id);
    // 1200 px wide: 480, 960, and 1200 instead of 1600 (never enlarged).
    expect(row?.variantWidths).toEqual([480, 960, 1200]);
    const expected = row!.variantWidths.map((w) => variantKey(row!.storageKey, w)).sort();
    expect(await bucketKeys(listingPhotoPrefix(listing.id))).toEqual(expected);
    expect(body.photo.srcSet.split(", ")).toHaveLength(row!.variantWidths.length);
    await t.db.update(listings).set({ status: "published", publishedAt: new Date() }).where(eq(listings.id, listing.id));

    // Pages link the bucket's public URL; the object there is the WebP variant.
    const publicSrc = `${s3.publicUrl}/${variantKey(row!.storageKey, 480)}`;
    expect(await (await fetch(`${app.url}${listingPath(listing)}`)).text()).toContain(publicSrc);
    const direct = await fetch(publicSrc);
    expect(direct.status).toBe(200);
    expect(direct.headers.get("content-type")).toBe("image/webp");
    expect(direct.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await direct.arrayBuffer());
    expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
    expect((await sharp(bytes).metadata()).width).toBe(480);

    // The app's /uploads still answers for it (older pages), streamed from the bucket.
    const viaApp = await fetch(`${app.url}/uploads/${variantKey(row!.storageKey, 480)}`);
    expect(viaApp.status).toBe(200);
    expect(viaApp.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await viaApp.arrayBuffer()).equals(bytes)).toBe(true);

    // The search card and the page's CSP both know the photo origin.
    const page = await fetch(`${app.url}/`);
    expect(page.headers.get("content-security-policy")).toMatch(
      new RegExp(`img-src[^;]*${s3.endpoint.replace(/[.:/]/g, "\\$&")}`),
    );
  });

  it("links the photos of a listing the public cannot see through /uploads, for its seller only", async () => {
    const seller = await signedUp();
    const { listingId } = await saveDraftStep1({ db: t.db, userId: seller.userId, brand: "Peugeot", model: "208" });
    const response = await upload(seller.client, listingId);
    expect(response.status).toBe(201);
    const { photo } = (await response.json()) as UploadAnswer;
    expect(photo.src).toMatch(new RegExp(`^/uploads/listings/${listingId}/.+-480\\.webp$`));
    expect(photo.srcSet).not.toContain(s3.publicUrl);

    const anonymous = await fetch(app.url + photo.src);
    expect(anonymous.status).toBe(404);
    expect(anonymous.headers.get("cache-control")).toBe("no-store");
    const stranger = createClient(app.url);
    await stranger.signUp(`curieux.${uniq()}@exemple.fr`);
    expect((await stranger.request(photo.src)).status).toBe(404);

    const own = await seller.client.request(photo.src);
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(own.headers.get("content-type")).toBe("image/webp");
    const key = photo.src.replace(/^\/uploads\//, "");
    const object = await storage.get(key);
    expect(
      Buffer.from(await own.arrayBuffer()).equals(
        Buffer.from(await object!.body.toArray().then((c) => Buffer.concat(c))),
      ),
    ).toBe(true);

    // Once published, anyone may fetch it.
    await t.db.update(listings).set({ status: "published" }).where(eq(listings.id, listingId));
    expect((await fetch(app.url + photo.src)).status).toBe(200);
  });

  it("removing a photo deletes its objects; deleting the account deletes its listings' objects, leftovers included", async () => {
    const seller = await signedUp();
    const { listingId } = await saveDraftStep1({ db: t.db, userId: seller.userId, brand: "Renault", model: "Clio" });
    expect((await upload(seller.client, listingId)).status).toBe(201);
    expect((await upload(seller.client, listingId)).status).toBe(201);
    const rows = await photoRows(listingId);
    expect(rows).toHaveLength(2);
    const prefix = listingPhotoPrefix(listingId);
    const perPhoto = rows[0]!.variantWidths.length;
    expect(await bucketKeys(prefix)).toHaveLength(2 * perPhoto);

    await removeListingPhoto({ db: t.db, storage, userId: seller.userId, listingId, photoId: rows[0]!.id });
    const left = await bucketKeys(prefix);
    expect(left).toHaveLength(perPhoto);
    expect(left.every((k) => k.startsWith(rows[1]!.storageKey))).toBe(true);

    // A leftover of an upload interrupted by an outage: in the listing's folder, in no row.
    await storage.client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: `${prefix}orphelin-480.webp`, Body: "x" }),
    );
    await deleteAccount({ db: t.db, storage, userId: seller.userId, password: "motdepasse-1" });
    expect(await t.db.select().from(listings).where(eq(listings.id, listingId))).toEqual([]);
    expect(await bucketKeys(prefix)).toEqual([]);
  });

  it("a bucket outage: the uploader gets a French 503, nothing is half-stored, and the retry works once it is back", async () => {
    const seller = await signedUp();
    const published = await insertListing(t.db, seller.userId, { status: "pending" });
    expect((await upload(seller.client, published.id)).status).toBe(201);
    await t.db.update(listings).set({ status: "published", publishedAt: new Date() }).where(eq(listings.id, published.id));
    const [existing] = await photoRows(published.id);
    const { listingId } = await saveDraftStep1({ db: t.db, userId: seller.userId, brand: "Citroën", model: "C3" });

    await s3.stop();
    try {
      await expect(storage.check()).rejects.toBeInstanceOf(StorageUnavailableError);
      const refused = await upload(seller.client, listingId);
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("30");
      expect(((await refused.json()) as { error: string }).error).toBe(PHOTO_MESSAGES.storageUnavailable);
      expect(await photoRows(listingId)).toEqual([]);
      // A stored photo cannot be streamed either: a 503 that no cache keeps, not a 500.
      const photo = await fetch(`${app.url}/uploads/${variantKey(existing!.storageKey, 480)}`);
      expect(photo.status).toBe(503);
      expect(photo.headers.get("cache-control")).toBe("no-store");
    } finally {
      await s3.start();
    }
    await storage.check();
    expect(await bucketKeys(listingPhotoPrefix(listingId))).toEqual([]);
    const retried = await upload(seller.client, listingId);
    expect(retried.status).toBe(201);
    expect(await photoRows(listingId)).toHaveLength(1);
  });
});

describe(`the S3 server verifies signatures (${engine})`, () => {
  it("a wrong secret key is refused (SignatureDoesNotMatch): nothing is written, a read is an outage, not a missing photo", async () => {
    const settings = parseStorageUrl(s3.storageUrl);
    if (settings.driver !== "s3") throw new Error("STORAGE_URL de test mal lue");
    const key = `listings/signature-${uniq()}/photo-480.webp`;
    const wrong = createS3Storage({
      ...settings,
      credentials: { accessKeyId: S3RVER_CREDENTIALS.accessKeyId, secretAccessKey: "pas-le-bon-secret" },
    });
    const refused = await wrong.put(key, Buffer.from("webp"), "image/webp").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StorageUnavailableError);
    expect((refused as Error).cause).toMatchObject({ name: "SignatureDoesNotMatch", $metadata: { httpStatusCode: 403 } });
    expect(await storage.size(key)).toBeNull();

    // The right key writes the same object, its signature and body hash checked; the wrong
    // one still cannot read it.
    const before = s3.counts();
    await storage.put(key, Buffer.from("webp"), "image/webp");
    expect(s3.counts().verified).toBe(before.verified + 1);
    expect(s3.counts().payloadHashed).toBe(before.payloadHashed + 1);
    expect(await storage.size(key)).toBe(4);
    await expect(wrong.get(key)).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(wrong.check()).rejects.toBeInstanceOf(StorageUnavailableError);
    const unknown = createS3Storage({ ...settings, credentials: { accessKeyId: "CLE-INCONNUE", secretAccessKey: "x" } });
    const notFound = await unknown.put(key, Buffer.from("webp"), "image/webp").catch((error: unknown) => error);
    expect((notFound as Error).cause).toMatchObject({ name: "InvalidAccessKeyId" });
    await storage.delete(key);
  });
});

describe(`an upload cut off half-way (${engine})`, () => {
  it("removes the variants already written when one write fails, and answers 503", async () => {
    const listingId = `partiel-${uniq()}`;
    // The bucket accepts the small variants, then the large one fails as in an outage.
    const flaky: typeof storage = {
      ...storage,
      put: async (key, body, contentType) => {
        if (key.endsWith("-1200.webp")) throw new StorageUnavailableError("Le stockage des photos ne répond pas.");
        return storage.put(key, body, contentType);
      },
    };
    const photo = await encodePhotoVariants(Buffer.from(jpeg), PHOTO_WIDTHS, { effort: 0 });
    expect(photo.variants.map((v) => v.width)).toEqual([480, 960, 1200]);
    await expect(storeListingPhoto({ storage: flaky, listingId, photo })).rejects.toMatchObject({
      code: "unavailable",
      status: 503,
      message: PHOTO_MESSAGES.storageUnavailable,
    });
    expect(await bucketKeys(listingPhotoPrefix(listingId))).toEqual([]);
  });
});

describe(`npm run storage:migrate: disk photos to the bucket (${engine})`, () => {
  it("copies every photo once, skips what is there, resumes after an interruption", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-migrate-"));
    try {
      const disk = createLocalStorage(root);
      const prefix = `listings/migration-${uniq()}/`;
      const keys: string[] = [];
      for (const n of [1, 2]) {
        const photo = await encodePhotoVariants(Buffer.from(jpeg), PHOTO_WIDTHS, { effort: 0 });
        const stored = await storeEncodedPhoto({ storage: disk, storageKey: `${prefix}photo-${n}`, photo });
        keys.push(...stored.variantWidths.map((w) => variantKey(`${prefix}photo-${n}`, w)));
      }
      // What an interrupted disk write leaves: never copied.
      fs.writeFileSync(path.join(root, `${prefix}photo-3-480.webp.123.tmp`), "partiel");

      const first = await migrateDiskPhotos({ root, target: storage });
      expect(first).toMatchObject({ found: keys.length, copied: keys.length, skipped: 0, failed: 0 });
      expect(await bucketKeys(prefix)).toEqual([...keys].sort());
      const original = fs.readFileSync(path.join(root, keys[0]!));
      const copy = await storage.get(keys[0]!);
      expect(Buffer.concat(await copy!.body.toArray()).equals(original)).toBe(true);
      expect(copy!.contentType).toBe("image/webp");

      // Stopped half-way: one object missing. A re-run copies only that one.
      await storage.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: keys[1]! }));
      const again = await migrateDiskPhotos({ root, target: storage });
      expect(again).toMatchObject({ found: keys.length, copied: 1, skipped: keys.length - 1, failed: 0 });

      // The npm script, credentials from AWS_* variables, reports its counts.
      const { stdout } = await promisify(execFile)(
        path.join(ROOT, "node_modules/.bin/tsx"),
        ["scripts/storage-migrate.ts", "--from", root],
        {
          cwd: ROOT,
          env: {
            PATH: process.env.PATH,
            DATA_DIR: root,
            STORAGE_URL: s3.storageUrl,
            AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
            AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
          },
        },
      );
      expect(stdout).toContain(
        `Photos trouvées : ${keys.length} · copiées : 0 (0.0 Mo) · déjà présentes : ${keys.length} · échecs : 0`,
      );
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

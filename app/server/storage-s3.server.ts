import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { StorageSettings } from "./storage-config";
import { StorageUnavailableError, assertSafeKey, photoUrlBuilder, type Storage } from "./storage.server";

type S3Settings = Extract<StorageSettings, { driver: "s3" }>;

/** Listed by `check()`: no key starts with it (keys are `listings/…`, `pros/…`). */
const HEALTH_CHECK_PREFIX = "occazio-health-check/";

/** Photos never change under one key (a new upload gets a new key): caches may keep them for a year. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.$metadata.httpStatusCode === 404 || error.name === "NotFound" || error.name === "NoSuchKey";
}

/**
 * Photos in an S3-compatible bucket (AWS S3, Scaleway, OVH, Cloudflare R2, MinIO, Garage…).
 * Objects are written private (no ACL): who may see a photo is decided by the app — public
 * photos through PHOTO_BASE_URL (a CDN or the bucket's public URL), the others streamed by
 * `/uploads` after its access check. See docs/decisions/0009-object-storage.md.
 */
export function createS3Storage(
  settings: S3Settings,
  options: { publicBaseUrl?: string; client?: S3Client } = {},
): Storage & {
  client: S3Client;
} {
  // The pinned SDK supports Node 20 (package.json); its warning is about later releases, which
  // need Node 22, and would otherwise print at every start.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const client =
    options.client ??
    new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // Many S3-compatible services reject the CRC checksums the SDK adds by default since 2025:
      // send them only where the API requires one (DeleteObjects).
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      // A dead bucket must fail an upload within seconds, not hang it: 3 tries, short timeouts.
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 20_000 },
    });
  const Bucket = settings.bucket;

  const unavailable = (error: unknown): never => {
    throw new StorageUnavailableError(`Le stockage des photos (bucket ${Bucket}) ne répond pas.`, { cause: error });
  };

  return {
    kind: "s3",
    client,
    async put(key, body, contentType) {
      assertSafeKey(key);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
            CacheControl: IMMUTABLE_CACHE_CONTROL,
          }),
        );
      } catch (error) {
        unavailable(error);
      }
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(object.Body instanceof Readable)) throw new Error("GetObject: corps de réponse inattendu");
        return {
          body: object.Body,
          contentType: object.ContentType ?? "image/webp",
          contentLength: object.ContentLength,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        return unavailable(error);
      }
    },
    async size(key) {
      assertSafeKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) return null;
        return unavailable(error);
      }
    },
    async delete(key) {
      assertSafeKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (!isNotFound(error)) unavailable(error);
      }
    },
    async deletePrefix(prefix) {
      assertSafeKey(prefix);
      if (!prefix.endsWith("/")) throw new Error(`Préfixe de stockage sans / final : ${prefix}`);
      let deleted = 0;
      try {
        let ContinuationToken: string | undefined;
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
          const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
          if (keys.length) {
            const result = await client.send(
              new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }),
            );
            if (result.Errors?.length)
              throw new Error(`DeleteObjects: ${result.Errors.length} objet(s) non supprimé(s)`);
            deleted += keys.length;
          }
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
      } catch (error) {
        unavailable(error);
      }
      return deleted;
    },
    async check() {
      try {
        // A listing, not HeadBucket: a HEAD answer has no body, so a refused key, a bad
        // signature and a missing permission would all read "403"; this one names its code
        // (InvalidAccessKeyId, SignatureDoesNotMatch, AccessDenied, NoSuchBucket). Under a
        // prefix no key has: an empty answer whatever the bucket holds (cheap, never truncated).
        await client.send(new ListObjectsV2Command({ Bucket, Prefix: HEALTH_CHECK_PREFIX, MaxKeys: 1 }));
      } catch (error) {
        unavailable(error);
      }
    },
    url: photoUrlBuilder(options.publicBaseUrl),
  };
}

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";

/** s3rver's built-in account: its access key and secret. */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * A real S3-compatible server (s3rver: the S3 REST API over files) on a free loopback port,
 * for tests of the S3 storage driver. `stop()` takes the bucket down (connections refused),
 * `start()` brings it back on the same port with the same objects.
 */
export async function startS3Server(bucket = "photos") {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-s3-"));
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    // The AWS SDK signs headers s3rver's (old) V4 check canonicalises differently: the
    // access key is still checked, the signature itself is not (this is a test double
    // of the bucket, not of authentication).
    server = new S3rver({
      port,
      address: "127.0.0.1",
      silent: true,
      directory,
      allowMismatchedSignatures: true,
      configureBuckets: [{ name: bucket }],
    });
    port = (await server.run()).port;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    /** The bucket's public URL (path style), as a PHOTO_BASE_URL would name it. */
    publicUrl: `${endpoint}/${bucket}`,
    storageUrl: `s3://${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
    start,
    async stop() {
      await server?.close();
      server = null;
    },
    async close() {
      await server?.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type S3TestServer = Awaited<ReturnType<typeof startS3Server>>;

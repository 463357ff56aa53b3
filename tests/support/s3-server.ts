import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";
import { s3ErrorXml, verifySigV4 } from "./sigv4-verifier";

/** s3rver's built-in account: its access key and secret. */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * A real S3-compatible server on a free loopback port, for tests of the S3 storage driver:
 * s3rver (the S3 REST API over files) behind a front that verifies every signed request as S3
 * does (tests/support/sigv4-verifier.ts: AWS Signature V4 rebuilt from the request as it
 * arrived, the payload's SHA-256, the date), answering S3's own errors (SignatureDoesNotMatch,
 * InvalidAccessKeyId, XAmzContentSHA256Mismatch…). Unsigned requests (public photo reads) pass.
 * `stop()` takes the bucket down (connections refused), `start()` brings it back on the same
 * port with the same objects.
 */
export async function startS3Server(bucket = "photos") {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-s3-"));
  const secrets = new Map([[S3RVER_CREDENTIALS.accessKeyId, S3RVER_CREDENTIALS.secretAccessKey]]);
  let port = 0;
  let backend: S3rver | null = null;
  let front: http.Server | null = null;
  /** Requests the front let through after checking their signature (and payload hash, when signed), or refused. */
  const counts = { verified: 0, payloadHashed: 0, refused: 0, anonymous: 0 };
  const start = async () => {
    // s3rver's own V4 check rebuilds the path of bucket requests without the trailing slash
    // the SDK signs ("/photos/" for ListObjectsV2, HeadBucket, DeleteObjects), so it is left to
    // the front, which checks the request as received.
    backend = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory,
      allowMismatchedSignatures: true,
      configureBuckets: [{ name: bucket }],
    });
    const backendPort = (await backend.run()).port;
    front = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const body = Buffer.concat(chunks);
        const url = req.url ?? "/";
        if (req.headers.authorization || /[?&]X-Amz-Signature=/i.test(url)) {
          const verdict = req.headers.authorization
            ? verifySigV4({ method: req.method ?? "GET", url, headers: req.headers }, body, secrets)
            : ({ ok: false, status: 403, code: "AccessDenied", message: "Presigned URLs are not accepted here." } as const);
          if (!verdict.ok) {
            counts.refused++;
            res.writeHead(verdict.status, { "content-type": "application/xml" });
            res.end(req.method === "HEAD" ? undefined : s3ErrorXml(verdict.code, verdict.message));
            return;
          }
          counts.verified++;
          if (req.headers["x-amz-content-sha256"] !== "UNSIGNED-PAYLOAD") counts.payloadHashed++;
        } else {
          counts.anonymous++;
        }
        const upstream = http.request(
          { host: "127.0.0.1", port: backendPort, method: req.method, path: url, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on("error", () => {
          if (!res.headersSent) res.writeHead(502);
          res.end();
        });
        upstream.end(body);
      });
    });
    await new Promise<void>((resolve) => front!.listen(port, "127.0.0.1", resolve));
    port = (front.address() as AddressInfo).port;
  };
  const stopBoth = async () => {
    const closing = front;
    front = null;
    if (closing) {
      await new Promise<void>((resolve) => {
        closing.close(() => resolve());
        closing.closeAllConnections();
      });
    }
    await backend?.close();
    backend = null;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    /** The bucket's public URL (path style), as a PHOTO_BASE_URL would name it. */
    publicUrl: `${endpoint}/${bucket}`,
    storageUrl: `s3://${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
    /** What the signature check saw so far. */
    counts: () => ({ ...counts }),
    start,
    stop: stopBoth,
    async close() {
      await stopBoth();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type S3TestServer = Awaited<ReturnType<typeof startS3Server>>;

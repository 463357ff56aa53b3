import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/**
 * AWS Signature Version 4 as S3 checks an `Authorization` header, written from AWS's
 * documentation ("Authenticating Requests: Using the Authorization Header (AWS Signature
 * Version 4)", "Signature Calculations for the Authorization Header: Transferring Payload in a
 * Single Chunk"), not from the SDK's signer: the canonical request is rebuilt from the request
 * as it arrived on the wire (raw path, raw query, header values), the payload's SHA-256 is
 * compared with `x-amz-content-sha256`, and the date must be within 15 minutes.
 */
export interface SigV4Request {
  method: string;
  /** Path and query exactly as received (`req.url`). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export type SigV4Verdict =
  | { ok: true; accessKeyId: string }
  | { ok: false; status: number; code: string; message: string };

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/\s]+)\/(\d{8})\/([^/\s]+)\/([^/\s]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data, "utf8").digest();

/** RFC 3986 unreserved characters kept, everything else percent-encoded (as AWS's UriEncode). */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function canonicalQuery(rawQuery: string): string {
  if (!rawQuery) return "";
  return rawQuery
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      const key = decodeURIComponent(at === -1 ? pair : pair.slice(0, at));
      const value = at === -1 ? "" : decodeURIComponent(pair.slice(at + 1));
      return [uriEncode(key), uriEncode(value)] as const;
    })
    .sort(([ka, va], [kb, vb]) => (ka < kb ? -1 : ka > kb ? 1 : va < vb ? -1 : va > vb ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}

function headerValue(value: string | string[] | undefined): string {
  const joined = Array.isArray(value) ? value.join(",") : (value ?? "");
  return joined.trim().replace(/\s+/g, " ");
}

/** `YYYYMMDDTHHMMSSZ` to epoch milliseconds, NaN when malformed. */
function parseAmzDate(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : Number.NaN;
}

export function verifySigV4(
  request: SigV4Request,
  body: Buffer,
  secrets: ReadonlyMap<string, string>,
  now = Date.now(),
): SigV4Verdict {
  const deny = (status: number, code: string, message: string): SigV4Verdict => ({ ok: false, status, code, message });
  const authorization = headerValue(request.headers.authorization);
  const match = AUTHORIZATION.exec(authorization);
  if (!match) return deny(400, "AuthorizationHeaderMalformed", "The authorization header is malformed.");
  const [, accessKeyId, date, region, service, signedHeaderList, signature] = match as unknown as string[];
  const secret = secrets.get(accessKeyId!);
  if (secret === undefined) {
    return deny(403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records.");
  }
  const amzDate = headerValue(request.headers["x-amz-date"]);
  const time = parseAmzDate(amzDate);
  if (Number.isNaN(time) || !amzDate.startsWith(date!)) {
    return deny(403, "AccessDenied", "AWS authentication requires a valid x-amz-date header matching the credential.");
  }
  if (Math.abs(now - time) > 15 * 60_000) {
    return deny(403, "RequestTimeTooSkewed", "The difference between the request time and the current time is too large.");
  }
  if (service !== "s3") return deny(403, "SignatureDoesNotMatch", "The credential scope is not for s3.");
  const signedHeaders = signedHeaderList!.split(";");
  if (!signedHeaders.includes("host") || !signedHeaders.includes("x-amz-content-sha256")) {
    return deny(403, "AccessDenied", "The host and x-amz-content-sha256 headers must be signed.");
  }
  const payloadHash = headerValue(request.headers["x-amz-content-sha256"]);
  if (payloadHash !== "UNSIGNED-PAYLOAD") {
    if (!/^[0-9a-f]{64}$/.test(payloadHash)) {
      return deny(400, "InvalidArgument", "x-amz-content-sha256 must be UNSIGNED-PAYLOAD or a SHA-256 (chunked uploads are not accepted here).");
    }
    if (sha256(body) !== payloadHash) {
      return deny(400, "XAmzContentSHA256Mismatch", "The provided 'x-amz-content-sha256' header does not match what was computed.");
    }
  }
  const queryAt = request.url.indexOf("?");
  const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  const query = queryAt === -1 ? "" : request.url.slice(queryAt + 1);
  const canonicalRequest = [
    request.method,
    path,
    canonicalQuery(query),
    signedHeaders.map((name) => `${name}:${headerValue(request.headers[name])}\n`).join(""),
    signedHeaders.join(";"),
    payloadHash,
  ].join("\n");
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region!), service!), "aws4_request");
  const expected = Buffer.from(createHmac("sha256", key).update(stringToSign, "utf8").digest("hex"));
  const given = Buffer.from(signature!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return deny(
      403,
      "SignatureDoesNotMatch",
      "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
    );
  }
  return { ok: true, accessKeyId: accessKeyId! };
}

/** S3's XML error body. */
export function s3ErrorXml(code: string, message: string): string {
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escape(message)}</Message></Error>`;
}

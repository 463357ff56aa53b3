import { describe, expect, it } from "vitest";
import { verifySigV4 } from "../support/sigv4-verifier";

/**
 * The signature check of the S3 test server (tests/support/s3-server.ts) against the worked
 * examples of AWS's S3 documentation ("Examples: Signature Calculations in AWS Signature
 * Version 4", single-chunk payloads): the verifier accepts exactly what AWS computes, so the
 * storage tests' "signature verified" means what it says.
 */
const KEYS = new Map([["AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"]]);
const AT = Date.UTC(2013, 4, 24, 0, 0, 0);
const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
const auth = (signedHeaders: string, signature: string) =>
  `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=${signedHeaders},Signature=${signature}`;

const getObject = {
  method: "GET",
  url: "/test.txt",
  headers: {
    host: "examplebucket.s3.amazonaws.com",
    range: "bytes=0-9",
    "x-amz-content-sha256": EMPTY_SHA256,
    "x-amz-date": "20130524T000000Z",
    authorization: auth(
      "host;range;x-amz-content-sha256;x-amz-date",
      "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    ),
  },
};

const putObject = {
  method: "PUT",
  url: "/test%24file.text",
  headers: {
    host: "examplebucket.s3.amazonaws.com",
    date: "Fri, 24 May 2013 00:00:00 GMT",
    "x-amz-date": "20130524T000000Z",
    "x-amz-storage-class": "REDUCED_REDUNDANCY",
    "x-amz-content-sha256": "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072",
    authorization: auth(
      "date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class",
      "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd",
    ),
  },
};
const putBody = Buffer.from("Welcome to Amazon S3.");

const listObjects = {
  method: "GET",
  url: "/?max-keys=2&prefix=J",
  headers: {
    host: "examplebucket.s3.amazonaws.com",
    "x-amz-content-sha256": EMPTY_SHA256,
    "x-amz-date": "20130524T000000Z",
    authorization: auth(
      "host;x-amz-content-sha256;x-amz-date",
      "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7",
    ),
  },
};

describe("SigV4 verification of the S3 test server", () => {
  it("accepts AWS's own worked examples (GET with a range, PUT with a body, a listing with a query)", () => {
    expect(verifySigV4(getObject, Buffer.alloc(0), KEYS, AT)).toEqual({ ok: true, accessKeyId: "AKIAIOSFODNN7EXAMPLE" });
    expect(verifySigV4(putObject, putBody, KEYS, AT).ok).toBe(true);
    expect(verifySigV4(listObjects, Buffer.alloc(0), KEYS, AT).ok).toBe(true);
  });

  it("refuses a wrong secret, an unknown key, a changed header, a changed body and a stale date", () => {
    const wrongSecret = new Map([["AKIAIOSFODNN7EXAMPLE", "pas-le-bon-secret"]]);
    expect(verifySigV4(getObject, Buffer.alloc(0), wrongSecret, AT)).toMatchObject({ ok: false, status: 403, code: "SignatureDoesNotMatch" });
    expect(verifySigV4(getObject, Buffer.alloc(0), new Map(), AT)).toMatchObject({ ok: false, code: "InvalidAccessKeyId" });
    const otherRange = { ...getObject, headers: { ...getObject.headers, range: "bytes=0-99" } };
    expect(verifySigV4(otherRange, Buffer.alloc(0), KEYS, AT)).toMatchObject({ ok: false, code: "SignatureDoesNotMatch" });
    expect(verifySigV4(putObject, Buffer.from("Welcome to Amazon S4."), KEYS, AT)).toMatchObject({
      ok: false,
      status: 400,
      code: "XAmzContentSHA256Mismatch",
    });
    expect(verifySigV4(getObject, Buffer.alloc(0), KEYS, AT + 16 * 60_000)).toMatchObject({ ok: false, code: "RequestTimeTooSkewed" });
  });
});

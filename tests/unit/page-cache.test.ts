import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflateParts, gzipWithNonce, toPageEntry } from "../../server/page-cache";

describe("a cached page answered with a nonce of its own", () => {
  it("splices any nonce into the stored gzip: a standard gzip of the page with that nonce", async () => {
    const render = "AbCdEfGhIjKlMnOpQrStUw==";
    // The nonce at the very start and end too (empty parts), and a page past one deflate window.
    const html = `${render}<html><script nonce="${render}">1</script>${"<p>annonce</p>".repeat(6000)}<script nonce="${render}"></script>${render}`;
    const entry = await toPageEntry(new Response(html, { headers: { "content-type": "text/html" } }), render);
    expect(entry.parts).toHaveLength(5);
    const deflated = await deflateParts(entry.parts);
    for (const nonce of ["bmV3LW5vbmNlLTEyMzQ1Ng==", "+/+/+/+/+/+/+/+/+/+/+w=="]) {
      const gz = gzipWithNonce(entry.parts, deflated, nonce);
      // gunzip checks the CRC-32 and the length of the trailer.
      expect(zlib.gunzipSync(gz).toString()).toBe(html.replaceAll(render, nonce));
      expect(gz.length).toBeLessThan(html.length / 10);
    }
  });

  it("gives the same validator whatever the render's nonce", async () => {
    const page = (nonce: string) => new Response(`<script nonce="${nonce}"></script><p>même page</p>`);
    const a = await toPageEntry(page("bm9uY2UtYQ=="), "bm9uY2UtYQ==");
    const b = await toPageEntry(page("bm9uY2UtYg=="), "bm9uY2UtYg==");
    expect(a.etag).toBe(b.etag);
    const c = await toPageEntry(new Response(`<script nonce="x"></script><p>autre page</p>`), "x");
    expect(c.etag).not.toBe(a.etag);
  });
});

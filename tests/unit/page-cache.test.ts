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
    const deflated = await deflateParts(entry.parts, entry.nonceLength);
    for (const nonce of ["bmV3LW5vbmNlLTEyMzQ1Ng==", "+/+/+/+/+/+/+/+/+/+/+w=="]) {
      const gz = gzipWithNonce(entry.parts, deflated, nonce);
      // gunzip checks the CRC-32 and the length of the trailer.
      expect(zlib.gunzipSync(gz).toString()).toBe(html.replaceAll(render, nonce));
      expect(gz.length).toBeLessThan(html.length / 10);
    }
  });

  it("compresses a page cut at many nonces about as well as a gzip of the whole page, and any page byte for byte", async () => {
    const render = "AbCdEfGhIjKlMnOpQrStUw==";
    const preloads = Array.from({ length: 40 }, (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js" nonce="${render}"/>`).join("");
    const cards = Array.from({ length: 24 }, (_, i) => `<article class="listing-card"><h3>Peugeot 208</h3><p>${2010 + (i % 12)} · Manuelle</p></article>`).join("");
    const withNul = `<p>a\u0000b</p>`;
    for (const html of [`<head>${preloads}</head><body>${cards}<script nonce="${render}">window.x = 1</script></body>`, `${withNul}<script nonce="${render}"></script>${withNul}`]) {
      const entry = await toPageEntry(new Response(html), render);
      const deflated = await deflateParts(entry.parts, entry.nonceLength);
      for (const nonce of ["bmV3LW5vbmNlLTEyMzQ1Ng==", "AAAAAAAAAAAAAAAAAAAAAA=="]) {
        const gz = gzipWithNonce(entry.parts, deflated, nonce);
        expect(zlib.gunzipSync(gz).toString()).toBe(html.replaceAll(render, nonce));
        // What splicing costs by itself: per nonce, a stored block (5 bytes + the nonce) and a
        // sync flush (5 bytes); the rest compresses as the whole page does.
        if (html.startsWith("<head>")) expect(gz.length).toBeLessThan(zlib.gzipSync(html).length + entry.parts.length * 40);
      }
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

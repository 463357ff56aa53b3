import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { deferHydrationScripts, deferHydrationScriptsStream } from "../../app/server/deferred-hydration.server";

// What React Router's <Scripts /> writes (hoisted preloads in the head, the module script in the body).
const page = [
  '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0=="/>',
  '<link rel="modulepreload" href="/assets/route-é-B.js" nonce="n0=="/>',
  '<link rel="stylesheet" href="/assets/root.css"/></head><body><main>Voitures d’occasion à Lyon</main>',
  '<script nonce="n0==">window.__reactRouterContext = {};</script>',
  '<script nonce="n0==" type="module" async="">import * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>',
  '<script nonce="n0==">/* loader */</script></body></html>',
].join("");

const expected = page
  .replaceAll(/<link rel="modulepreload"[^>]*>/g, "")
  .replace(' type="module" async="">', ' type="text/x-deferred-module" id="rr-deferred-module">');

describe("the page's JavaScript held back until the first paint", () => {
  it("leaves no preload or module script the browser would fetch before painting, and nothing else changed", () => {
    expect(expected).not.toContain("modulepreload");
    const out = deferHydrationScripts(Buffer.from(page)).toString();
    expect(out).toBe(expected);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).not.toContain('type="module"');
    // The module's text is kept for the loader, the stylesheet still loads.
    expect(out).toContain('import("/assets/entry.client-A.js");</script>');
    expect(out).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
  });

  it("rewrites a streamed page whatever the chunk boundaries, multibyte characters included", async () => {
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      const chunks = [bytes.subarray(0, cut), bytes.subarray(cut)];
      const out = await text(Readable.from(chunks).pipe(deferHydrationScriptsStream()));
      if (out !== expected) throw new Error(`chunk boundary at byte ${cut}: ${out}`);
    }
    const oneByteAtATime = [...bytes].map((b) => Buffer.from([b]));
    expect(await text(Readable.from(oneByteAtATime).pipe(deferHydrationScriptsStream()))).toBe(expected);
  });

  it("passes a chunk through at once when its end cannot start a rewritten form", async () => {
    const stream = deferHydrationScriptsStream();
    const seen: string[] = [];
    stream.on("data", (chunk: Buffer) => seen.push(chunk.toString()));
    stream.write(Buffer.from("<main>Annonces</main>"));
    stream.write(Buffer.from("<p>Prix</p><link rel=\"module"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.join("")).toBe('<main>Annonces</main><p>Prix</p>');
    stream.end(Buffer.from('preload" href="/a.js"/>'));
    await new Promise((resolve) => stream.on("end", resolve));
    expect(seen.join("")).toBe("<main>Annonces</main><p>Prix</p>");
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildState, ensureBuild, hashSources, stampedBuild, writeStamp } from "../../scripts/lib/build-stamp";
import { compressDirectory } from "../../scripts/lib/compress-assets";

function project() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-stamp-"));
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  };
  write("app/root.tsx", "export default 1;");
  write("app/routes/home.tsx", "export default 2;");
  write("package-lock.json", "{}");
  write("vite.config.ts", "export default {};");
  return { root, write };
}

function built(root: string) {
  fs.mkdirSync(path.join(root, "build/server"), { recursive: true });
  fs.mkdirSync(path.join(root, "build/client"), { recursive: true });
  fs.writeFileSync(path.join(root, "build/server/index.js"), "");
  // The compiled server (decision 0037).
  fs.mkdirSync(path.join(root, "build/node"), { recursive: true });
  fs.writeFileSync(path.join(root, "build/node/main.mjs"), "");
}

describe("npm start rebuilds only when the sources changed", () => {
  it("builds when there is no build, then starts without rebuilding until a source changes", () => {
    const { root, write } = project();
    const builds: number[] = [];
    const build = () => {
      built(root);
      writeStamp(root, hashSources(root));
      builds.push(1);
    };
    const lines: string[] = [];
    expect(ensureBuild(root, build, (l) => lines.push(l))).toBe(true);
    expect(lines.at(-1)).toContain("build/server/index.js manquant");

    expect(ensureBuild(root, build, (l) => lines.push(l))).toBe(false);
    expect(lines.at(-1)).toMatch(/^Build à jour .* pas de reconstruction\.$/);

    // Touching a file without changing it (a git checkout) does not rebuild.
    const file = path.join(root, "app/root.tsx");
    fs.utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    expect(buildState(root).fresh).toBe(true);
    // Tests beside the code never reach the bundle.
    write("app/routes/home.test.tsx", "test");
    expect(buildState(root).fresh).toBe(true);

    write("app/root.tsx", "export default 3;");
    expect(buildState(root)).toEqual({ fresh: false, reason: "les sources ont changé depuis le dernier build" });
    expect(ensureBuild(root, build, (l) => lines.push(l))).toBe(true);
    // A new file or a new dependency is a change too.
    write("app/features/new.ts", "export const x = 1;");
    expect(buildState(root).fresh).toBe(false);
    build();
    write("package-lock.json", '{"v":2}');
    expect(buildState(root).fresh).toBe(false);
    expect(builds).toHaveLength(3);
  });

  it("a failed build leaves no 'up to date' stamp behind: the next start rebuilds", async () => {
    const { root } = project();
    await stampedBuild(root, async () => built(root));
    expect(buildState(root).fresh).toBe(true);
    // The build fails halfway (after react-router build overwrote part of build/).
    await expect(
      stampedBuild(root, async () => {
        fs.writeFileSync(path.join(root, "build/server/index.js"), "// à moitié écrit");
        throw new Error("react-router build a échoué");
      }),
    ).rejects.toThrow("échoué");
    expect(buildState(root)).toEqual({ fresh: false, reason: expect.stringContaining("occazio-build.json manquant") as string });
  });

  it("rebuilds a build made before the stamp existed", () => {
    const { root } = project();
    built(root);
    expect(buildState(root)).toEqual({ fresh: false, reason: expect.stringContaining("occazio-build.json manquant") as string });
  });
});

describe("static files compressed at build time", () => {
  it("writes .br and .gz beside each text file worth it, and removes stale ones", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-compress-"));
    const js = "export const texte = 'Annonce de véhicule d’occasion';\n".repeat(200);
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "assets/entry.js"), js);
    fs.writeFileSync(path.join(dir, "tiny.css"), "a{}");
    fs.writeFileSync(path.join(dir, "photo.webp"), Buffer.alloc(4096, 7));
    fs.writeFileSync(path.join(dir, "tiny.css.gz"), "ancienne version");

    const report = await compressDirectory(dir);
    expect(report.files).toBe(1);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, "assets/entry.js.br"))).toString()).toBe(js);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, "assets/entry.js.gz"))).toString()).toBe(js);
    expect(report.brotliBytes).toBeLessThan(report.gzipBytes);
    expect(report.gzipBytes).toBeLessThan(js.length / 10);
    // Too small to gain anything, or already compressed.
    expect(fs.existsSync(path.join(dir, "tiny.css.gz"))).toBe(false);
    expect(fs.existsSync(path.join(dir, "photo.webp.br"))).toBe(false);
  });
});

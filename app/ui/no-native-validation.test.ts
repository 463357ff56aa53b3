import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 17: no native validation bubble anywhere (they speak the browser's language and fade
 * away). Every form of the product has `noValidate` and shows its own French errors inline;
 * this guards forms added later too.
 */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".tsx") && !entry.name.endsWith(".test.tsx") ? [full] : [];
  });
}

const appDir = path.resolve(import.meta.dirname, "..");

describe("forms", () => {
  const forms = sourceFiles(appDir).flatMap((file) => {
    const text = fs.readFileSync(file, "utf8");
    return [...text.matchAll(/<(form|Form|fetcher\.Form)\b([^>]*?)>/gs)].map((m) => ({
      where: `${path.relative(appDir, file)}:${text.slice(0, m.index).split("\n").length}`,
      attributes: m[2] ?? "",
    }));
  });

  it("are found (the scan works)", () => {
    expect(forms.length).toBeGreaterThan(20);
  });

  it("all have noValidate (no browser bubble, French inline errors instead)", () => {
    const missing = forms.filter((f) => !/\bnoValidate\b(?!=\{false\})/.test(f.attributes)).map((f) => f.where);
    expect(missing).toEqual([]);
  });
});

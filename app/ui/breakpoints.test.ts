import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PHONE_MAX_WIDTH_PX, PHONE_MEDIA, WIDE_MEDIA } from "./breakpoints";

const appDir = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.(tsx?|css)$/.test(name) && !name.endsWith(".test.ts") ? [file] : [];
  });
}

describe("one phone/wide breakpoint", () => {
  it("the CSS theme's --breakpoint-wide is the JS constant + 1 px", () => {
    const css = readFileSync(path.join(appDir, "app.css"), "utf8");
    const rem = /--breakpoint-wide:\s*([\d.]+)rem;/.exec(css)?.[1];
    expect(Number(rem) * 16).toBe(PHONE_MAX_WIDTH_PX + 1);
    expect(WIDE_MEDIA).toBe("(min-width: 769px)");
    expect(PHONE_MEDIA).toBe("(width < 769px)");
  });

  // 768 px is Tailwind's `md`: a component switching on md: (or on a hand-written width) would
  // be in its wide form at exactly 768 px while the others are in their phone form.
  it("no component switches on md:, max-md: or a hand-written width", () => {
    const offenders = sources(appDir).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) =>
          /(^|[\s"'`])(max-)?md:|(min|max)-\[\d+(px|rem)\]:|\((min|max)-width: ?7\d\dpx\)/.test(line)
            ? [`${path.relative(appDir, file)}:${i + 1}`]
            : [],
        ),
    );
    expect(offenders).toEqual([]);
  });
});

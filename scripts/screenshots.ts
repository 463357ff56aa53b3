// Screenshots of running pages at phone and desktop widths, to look at what users see.
// Usage: npx tsx scripts/screenshots.ts [baseUrl] [outDir] /path1 /path2 ...
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/support/chromium";

const [baseUrl = "http://localhost:3000", outDir = "/tmp/shots", ...paths] = process.argv.slice(2);
const browser = await chromium.launch(chromiumLaunchOptions());
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width < 768 ? 812 : 900 } });
  for (const p of paths.length ? paths : ["/home"]) {
    await page.goto(baseUrl + p, { waitUntil: "networkidle" });
    const file = `${outDir}/${p.replace(/[^a-z0-9]+/gi, "_") || "root"}-${width}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();

// Lighthouse (mobile preset, Debian Chromium) on the production build: performance,
// accessibility, best practices, SEO and LCP for /home, /recherche and one listing page.
// Usage: npm run build && npm run bench:lighthouse   (uses `npx lighthouse@12`, not a project dependency)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServerProcess } from "../tests/support/server-process";
import { chromiumPath } from "../tests/support/chromium";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-lighthouse-"));
const server = startServerProcess({ DATA_DIR: dataDir, DEMO_LISTINGS: "320", LOG_LEVEL: "warn" });
const base = await server.ready;
try {
  const home = await (await fetch(`${base}/home`)).text();
  const listing = /href="(\/annonce\/[^"]+)"/.exec(home)?.[1];
  if (!listing) throw new Error("aucune annonce sur /home");
  const pages = ["/home", "/recherche", listing];
  console.log(`Lighthouse ${execFileSync("npx", ["-y", "lighthouse@12", "--version"], { encoding: "utf8" }).trim()}, mobile preset, ${os.cpus().length} cores`);
  console.log("page".padEnd(60), "perf", "a11y", "best", "seo", "LCP");
  for (const page of pages) {
    const out = path.join(dataDir, "report.json");
    execFileSync(
      "npx",
      ["-y", "lighthouse@12", base + page, "--quiet", "--output=json", `--output-path=${out}`, "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync"],
      { env: { ...process.env, CHROME_PATH: chromiumPath() }, stdio: ["ignore", "ignore", "inherit"] },
    );
    const report = JSON.parse(fs.readFileSync(out, "utf8")) as {
      categories: Record<string, { score: number }>;
      audits: Record<string, { displayValue?: string }>;
    };
    const score = (key: string) => String(Math.round((report.categories[key]?.score ?? 0) * 100)).padStart(4);
    console.log(page.slice(0, 59).padEnd(60), score("performance"), score("accessibility"), score("best-practices"), score("seo"), report.audits["largest-contentful-paint"]?.displayValue ?? "?");
  }
} finally {
  server.child.kill("SIGTERM");
  await server.exited;
}

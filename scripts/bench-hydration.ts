// What a slow phone's main thread does while a page starts (issue 15): the production build on
// the embedded default (320 demo listings), Debian Chromium with its CPU slowed down 4× (CDP
// `Emulation.setCPUThrottlingRate`, as Lighthouse's mobile preset assumes) and no network
// throttling. Each page is loaded `--runs` times (default 7) in a fresh browser context; the
// page's own `longtask` entries give the blocking time after the first paint (sum of each task's
// part beyond 50 ms, measured, not simulated) and the longest task, and the moment React has
// rendered (`data-rendered-url`, set by the root's effect) gives "hydrated". Medians are printed.
//
// Lighthouse's TBT is a simulation from one unthrottled trace and moves 2–3× from run to run on
// this machine; this measures the throttled main thread itself, so an A/B of two builds (run the
// script in each checkout, one after the other) shows changes of a few milliseconds.
//
// Usage: npm run build && npm run bench:hydration [-- --runs 7] [--only recherche,annonce]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { chromiumPath } from "../tests/support/chromium";
import { startServerProcess } from "../tests/support/server-process";

const argument = (name: string) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const runs = Math.max(1, Number(argument("--runs")) || 7);
const only = (argument("--only") ?? "").split(",").filter(Boolean);

interface Sample {
  fcp: number;
  hydrated: number;
  blocking: number;
  longest: number;
  tasks: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-hydration-"));
const server = startServerProcess({ DATA_DIR: dataDir, DEMO_LISTINGS: "320", LOG_LEVEL: "warn", PORT: "0" });
let browser: Browser | undefined;

async function load(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    return await measure(context, url);
  } finally {
    await context.close();
  }
}

async function measure(context: BrowserContext, url: string): Promise<Sample> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(() => {
    const w = window as unknown as { longTasks: { start: number; duration: number }[]; hydratedAt?: number };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
    new MutationObserver((_, observer) => {
      if (document.documentElement.dataset.renderedUrl) {
        w.hydratedAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-rendered-url"] });
  });
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { hydratedAt?: number }).hydratedAt !== undefined, null, {
    timeout: 60_000,
  });
  // Let the work that follows hydration (effects, lazy chunks near the viewport) finish.
  await page.waitForTimeout(2_000);
  const sample = await page.evaluate(() => {
    const w = window as unknown as { longTasks: { start: number; duration: number }[]; hydratedAt: number };
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
    const after = w.longTasks.filter((t) => t.start >= fcp);
    return {
      fcp,
      hydrated: w.hydratedAt,
      blocking: after.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
      longest: Math.max(0, ...after.map((t) => t.duration)),
      tasks: after.length,
    };
  });
  return sample;
}

try {
  const base = await server.ready;
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const home = await (await fetch(`${base}/home`)).text();
  const listing = /href="(\/annonce\/[^"]+)"/.exec(home)?.[1];
  if (!listing) throw new Error("aucune annonce sur /home");
  const pages = [
    { label: "/home", path: "/home" },
    { label: "/recherche", path: "/recherche" },
    { label: "/recherche?brand=Peugeot", path: "/recherche?brand=Peugeot" },
    { label: "annonce (détail)", path: listing },
    { label: "/publish (déconnecté)", path: "/publish" },
  ];
  console.log(
    `Chromium, CPU ÷ 4, réseau local, médiane de ${runs} chargement(s), ${os.cpus().length} cœurs, load ${fs.readFileSync("/proc/loadavg", "utf8").trim()}\n`,
  );
  console.log("| Page | FCP (ms) | hydratée (ms) | blocage après FCP (ms) | plus longue tâche (ms) | tâches > 50 ms |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const page of pages) {
    if (only.length && !only.some((word) => page.label.includes(word))) continue;
    const samples: Sample[] = [];
    for (let i = 0; i < runs; i++) samples.push(await load(browser, base + page.path));
    const m = (key: keyof Sample) => Math.round(median(samples.map((s) => s[key])));
    console.log(`| ${page.label} | ${m("fcp")} | ${m("hydrated")} | ${m("blocking")} | ${m("longest")} | ${m("tasks")} |`);
  }
  console.log(`\nload après : ${fs.readFileSync("/proc/loadavg", "utf8").trim()}`);
} finally {
  await browser?.close();
  server.child.kill("SIGTERM");
  await server.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listings } from "~/db/schema";
import { findModelSpec, lastModelYear } from "~/features/catalogue/model-specs";
import { seedDemoData } from "~/features/demo/demo-seed.server";
import { createLocalStorage } from "~/server/storage.server";
import { startTestApp, type TestApp } from "../support/test-app";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

const opened: { t: TestDatabase; app: TestApp; dir: string }[] = [];
afterAll(async () => {
  for (const { t, app, dir } of opened) {
    await app.close();
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** A fresh install: an empty database with the places, the demo seed, the real HTTP app. */
async function freshDemoInstall(listingCount: number) {
  const t = await createTestDatabase({ withPlaces: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "occazio-demo-data-"));
  const app = await startTestApp({ db: t });
  opened.push({ t, app, dir });
  await seedDemoData({ db: t.db, storage: createLocalStorage(dir), listingCount, password: "demo-integration-1" });
  return { t, app };
}

/** The "Les modèles populaires" links of the home page, as the server renders them. */
function popularLinks(html: string): string[] {
  const start = html.indexOf('id="modeles-populaires"');
  expect(start).toBeGreaterThan(0);
  const section = html.slice(start, html.indexOf("</section>", start));
  return [...section.matchAll(/href="(\/recherche\?[^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
}

// 40 is the e2e data set (playwright.config.ts DEMO_LISTINGS), 320 the default (DEMO_LISTINGS).
describe.each([40, 320])(`a fresh demo install of %i listings (${process.env.TEST_DB_ENGINE})`, (count) => {
  let install: Awaited<ReturnType<typeof freshDemoInstall>>;

  it("seeds listings that all fit their catalogue model's years, energies and body types", { timeout: 300_000 }, async () => {
    install = await freshDemoInstall(count);
    const rows = await install.t.db.select().from(listings);
    expect(rows).toHaveLength(count);
    const currentYear = new Date().getFullYear();
    const outside = rows.flatMap((row) => {
      const spec = findModelSpec(row.brand, row.model);
      if (!spec) return [`${row.brand} ${row.model}: not in the catalogue`];
      const name = `${row.brand} ${row.model} ${row.year} ${row.fuel} ${row.vehicleType}`;
      const yearOk = row.year !== null && row.year >= spec.from && row.year <= Math.min(lastModelYear(spec), currentYear);
      const fuelOk = spec.energies.some((fuel) => fuel === row.fuel);
      const bodyOk = spec.bodies.some((body) => body === row.vehicleType);
      return yearOk && fuelOk && bodyOk ? [] : [name];
    });
    expect(outside).toEqual([]);
  });

  it("shows results behind every 'Les modèles populaires' link of the home page", async () => {
    const home = await fetch(`${install.app.url}/home`);
    expect(home.status).toBe(200);
    const links = popularLinks(await home.text());
    expect(links).toHaveLength(15);
    const empty: string[] = [];
    for (const link of links) {
      const response = await fetch(`${install.app.url}${link}`);
      expect(response.status, link).toBe(200);
      const html = await response.text();
      const total = Number(/>([\d\s\u00a0\u202f]+)\+? annonces?</.exec(html)?.[1]?.replace(/\D/g, "") ?? "0");
      if (html.includes("Aucun résultat trouvé") || total < 1) empty.push(link);
    }
    expect(empty).toEqual([]);
  });
});

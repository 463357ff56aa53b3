import { desc, eq, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings } from "~/db/schema";
import { escapeHtml } from "~/server/email-layout";
import { listingPath } from "./listing-seo";

/** Search engines accept 50 000 URLs per sitemap file. */
export const SITEMAP_MAX_LISTINGS = 45_000;

/**
 * /sitemap.xml: the main pages, one search page per brand and per popular brand+model (those
 * with published listings), and the published listings, newest first.
 */
export async function buildSitemap(options: { db: DbExecutor; origin: string }): Promise<string> {
  const { db, origin } = options;
  const published = eq(listings.status, "published");
  const [brandModels, rows] = await Promise.all([
    db
      .select({ brand: listings.brand, model: listings.model, n: sql<number>`count(*)::int` })
      .from(listings)
      .where(published)
      .groupBy(listings.brand, listings.model)
      .orderBy(desc(sql`count(*)`))
      .limit(2_000),
    db
      .select({ id: listings.id, brand: listings.brand, model: listings.model, year: listings.year, city: listings.city, updatedAt: listings.updatedAt })
      .from(listings)
      .where(published)
      .orderBy(desc(listings.publishedAt))
      .limit(SITEMAP_MAX_LISTINGS),
  ]);
  const urls: { loc: string; lastmod?: string }[] = [{ loc: "/home" }, { loc: "/recherche" }];
  for (const brand of [...new Set(brandModels.map((b) => b.brand))].sort()) {
    urls.push({ loc: `/recherche?brand=${encodeURIComponent(brand)}` });
  }
  for (const bm of brandModels.filter((b) => b.n >= 2)) {
    urls.push({ loc: `/recherche?brand=${encodeURIComponent(bm.brand)}&model=${encodeURIComponent(bm.model)}` });
  }
  for (const l of rows) urls.push({ loc: listingPath(l), lastmod: l.updatedAt.toISOString().slice(0, 10) });
  const body = urls
    .map((u) => `<url><loc>${escapeHtml(origin + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

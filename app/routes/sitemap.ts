import { buildSitemap } from "~/features/listings/sitemap.server";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const xml = await buildSitemap({ db: context.services.db, origin: context.services.config.PUBLIC_URL });
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}

import { legacySitemapName, sitemapResponse } from "~/features/listings/sitemap.server";
import type { Route } from "./+types/sitemaps";

/** One file of the sitemap index: /sitemaps/pages.xml, /sitemaps/annonces-N.xml.gz. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const snapshot = await context.services.sitemap.get();
  const file = snapshot.files.get(params.name);
  if (file) return sitemapResponse(file, request, 3600);
  // The listing files were first published as annonces-N.xml: crawlers that kept them follow.
  const moved = legacySitemapName(params.name, snapshot);
  if (moved) return new Response(null, { status: 301, headers: { Location: `/sitemaps/${moved}`, "Cache-Control": "public, max-age=86400" } });
  return new Response("Plan du site introuvable.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

import { sitemapResponse } from "~/features/listings/sitemap.server";
import type { Route } from "./+types/sitemaps";

/** One file of the sitemap index: /sitemaps/pages.xml, /sitemaps/annonces-N.xml. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const snapshot = await context.services.sitemap.get();
  const file = snapshot.files.get(params.name);
  if (!file) return new Response("Plan du site introuvable.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return sitemapResponse(file, request, 3600);
}

import { sitemapResponse } from "~/features/listings/sitemap.server";
import type { Route } from "./+types/sitemap";

/** The sitemap index (see features/listings/sitemap.server.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const snapshot = await context.services.sitemap.get();
  return sitemapResponse(snapshot.index, request, 3600);
}

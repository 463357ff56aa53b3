import { data } from "react-router";
import { readDb } from "~/db/replicas.server";
import { parseSearchParams } from "~/features/search/parse-search-params";
import { searchMapPoints } from "~/features/search/search-map.server";
import type { Route } from "./+types/api.search-map";

/**
 * GET /api/search/map?<the parameters of /recherche> → { points: [id, lat, lon, price][],
 * truncated, center?, errors }: every matching listing with coordinates (the newest 5 000), for
 * the map view. Bad values are ignored with a French message, like the page does: never a 500.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { filters, errors } = parseSearchParams(new URL(request.url).searchParams);
  const result = await searchMapPoints({ db: readDb(context.services), filters });
  return data(
    { ...result, errors: [...errors, ...result.errors] },
    // The same for everyone; a new listing may take half a minute to appear on the map.
    { headers: { "Cache-Control": "public, max-age=30" } },
  );
}

import { data } from "react-router";
import { readDb } from "~/db/replicas.server";
import { countSearchResults } from "~/features/search/count-search-results.server";
import { parseSearchParams } from "~/features/search/parse-search-params";
import type { Route } from "./+types/api.search-count";

/**
 * GET /api/search/count?<the parameters of /recherche> → { total, capped }: how many listings
 * the search page would show (issue 36: 'Voir N annonces' in the filter dialog, counted as the
 * visitor changes a filter). Values the page would ignore are ignored here too: never a 500.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { filters } = parseSearchParams(new URL(request.url).searchParams);
  const count = await countSearchResults({ db: readDb(context.services), filters });
  // The same for everyone; the page's own count may be a few seconds newer.
  return data(count, { headers: { "Cache-Control": "public, max-age=30" } });
}

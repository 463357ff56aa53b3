import { data } from "react-router";
import { readDb } from "~/db/replicas.server";
import { suggestSearches } from "~/features/search/suggest.server";
import type { Route } from "./+types/api.search-suggestions";

/**
 * GET /api/search/suggestions?q=peu → { suggestions: [{ kind, label, count?, detail?, q }] }
 * (issue 14). Fewer than two letters or digits: an empty list; never an error for any text.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  const suggestions = await suggestSearches({ db: readDb(context.services), q });
  // Counts may be a minute old anyway (cached on the server): browsers can keep them as long.
  return data({ suggestions }, { headers: { "Cache-Control": "public, max-age=60" } });
}

import { data } from "react-router";
import { readDb } from "~/db/replicas.server";
import { getSessionUser } from "~/features/auth/session.server";
import { favoriteIdsAmong } from "~/features/favorites/favorites.server";
import { getMapCard } from "~/features/search/search-map.server";
import type { Route } from "./+types/api.search-map-card";

/**
 * GET /api/search/map-card/:id → { card, favorite }: the info card of a map marker (photo,
 * brand, model, price, city) and whether the signed-in visitor saved it. Unknown, malformed or
 * unpublished ids: 404 with a French message.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context;
  const card = await getMapCard({ db: readDb(services), storage: services.storage, id: params.id });
  if (!card) return data({ error: "Annonce introuvable." }, { status: 404, headers: { "Cache-Control": "no-store" } });
  const me = await getSessionUser(request, services);
  const favorite = (await favoriteIdsAmong({ db: readDb(services), userId: me?.id, listingIds: [card.id] })).has(card.id);
  // The heart's state is the visitor's own and changes on click: never reuse a stored answer.
  return data({ card, favorite }, { headers: { "Cache-Control": "private, no-store" } });
}

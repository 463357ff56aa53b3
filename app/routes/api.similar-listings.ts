import { data } from "react-router";
import { readDb } from "~/db/replicas.server";
import { findSimilarNearVisitor } from "~/features/discovery/find-similar-near.server";
import { parsePostalCode } from "~/features/places/postal-code";
import type { Route } from "./+types/api.similar-listings";

/**
 * GET /api/listings/:id/similar?postalCode=75011[&city=Paris] → { listings }: 'Annonces
 * similaires' of a listing, nearest to the visitor's last searched place first (issue 36).
 * 400 for a malformed postal code, 404 for an unknown listing or place.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const postalCode = parsePostalCode(url.searchParams.get("postalCode") ?? "");
  if (!postalCode) return data({ error: "Code postal invalide." }, { status: 400 });
  const city = url.searchParams.get("city")?.slice(0, 100) || undefined;
  const { services } = context;
  const similar = await findSimilarNearVisitor({ db: readDb(services), storage: services.storage, listingId: params.id, postalCode, city });
  if (!similar) return data({ error: "Annonce ou lieu introuvable." }, { status: 404, headers: { "Cache-Control": "no-store" } });
  // The same answer for everyone who searched there; a few minutes old at most.
  return data({ listings: similar }, { headers: { "Cache-Control": "public, max-age=120" } });
}

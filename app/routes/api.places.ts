import { data } from "react-router";
import { lookupPostalCode } from "~/features/places/places.server";
import { postalCodeSchema } from "~/features/places/postal-code-schema";
import type { Route } from "./+types/api.places";

/**
 * GET /api/places?postalCode=75011 → [{ city, postalCode, latitude, longitude }].
 * A code that is not 5 digits is a 400 with a French message; an unknown one is [].
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("postalCode") ?? "";
  const parsed = postalCodeSchema.safeParse(raw);
  if (!parsed.success) {
    return data(
      { error: parsed.error.issues[0]?.message ?? "Code postal invalide.", suggestions: [] },
      { status: 400 },
    );
  }
  const suggestions = await lookupPostalCode({ db: context.services.db, postalCode: parsed.data });
  return data(
    { suggestions },
    // Reference data changes once a year: let browsers and proxies keep answers for a day.
    { headers: { "Cache-Control": "public, max-age=86400" } },
  );
}

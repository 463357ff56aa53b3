import { data } from "react-router";
import { readDb } from "~/db/replicas.server";
import { priceGuidanceFor } from "~/features/pricing/price-guidance.server";
import { readPriceGuidanceQuery } from "~/features/pricing/price-guidance-query";
import type { Route } from "./+types/api.price-guidance";

/**
 * GET /api/price-guidance?brand&model&year&mileage&fuel&gearbox[&published=1] → { guidance }:
 * the market estimate of the car a seller is describing, as the edit form's fields change
 * (issue 34). The same figures buyers' ratings come from, for anyone (no private data); a car
 * that cannot be estimated is `{ guidance: null }`, never an error.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const car = readPriceGuidanceQuery(new URL(request.url).searchParams);
  const guidance = car
    ? await priceGuidanceFor(readDb(context.services), { ...car, status: car.published ? "published" : undefined })
    : null;
  return data({ guidance }, { headers: { "Cache-Control": "public, max-age=60" } });
}

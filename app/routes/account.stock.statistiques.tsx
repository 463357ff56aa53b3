import { getSessionUser } from "~/features/auth/session.server";
import type { DealerStatsPageData } from "~/features/dealer-dashboard/dealer-stats-page";
import { DealerStatsPage } from "~/features/dealer-dashboard/dealer-stats-page";
import { getListingStats, getShopStats } from "~/features/dealer-dashboard/dealer-stats.server";
import { parseStatsPeriod } from "~/features/dealer-dashboard/stats-data";
import { isAppError } from "~/server/app-error";
import { pageMeta } from "~/ui/seo";
import type { Route } from "./+types/account.stock.statistiques";

export function meta() {
  return [...pageMeta("Statistiques", "Vues, numéros affichés et messages de votre stock."), { name: "robots", content: "noindex" }];
}

/** 'Statistiques' of 'Mon stock' (issue 35): `?jours=30|90`, `?annonce=<id>` for one listing. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<DealerStatsPageData> {
  const me = await getSessionUser(request, context.services);
  if (!me) return { access: "signed-out" };
  const { db } = context.services;
  const url = new URL(request.url);
  const days = parseStatsPeriod(url.searchParams.get("jours"));
  let shop;
  try {
    shop = await getShopStats({ db, userId: me.id, days });
  } catch (error) {
    if (isAppError(error) && error.status === 403) return { access: "not-verified" };
    throw error;
  }
  const listingId = url.searchParams.get("annonce");
  if (!listingId) return { access: "ok", days, shop, listing: null, listingError: null };
  try {
    const { listing, stats } = await getListingStats({ db, userId: me.id, listingId, days });
    return { access: "ok", days, shop, listing: { ...listing, status: listing.status, stats }, listingError: null };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { access: "ok", days, shop, listing: null, listingError: error.message };
  }
}

export default function StockStatistics({ loaderData }: Route.ComponentProps) {
  return <DealerStatsPage data={loaderData} />;
}

import { redirect } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import { comparePath } from "~/features/compare/compare-ids";
import { ComparePage } from "~/features/compare/compare-page";
import { getComparisonTray } from "~/features/compare/comparison-tray.server";
import { getComparison } from "~/features/compare/get-comparison.server";
import { pageMeta } from "~/ui/seo";
import type { Route } from "./+types/comparer";

export function meta() {
  // A personal selection: nothing for search engines to index.
  return [...pageMeta("Comparer des annonces", "Vos annonces côte à côte : prix, caractéristiques et distance."), { name: "robots", content: "noindex, follow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const url = new URL(request.url);
  const ids = url.searchParams.get("ids");
  // /comparer without a selection: a signed-in user's tray is on the server (visitors': below, in the browser).
  if (ids === null) {
    const me = await getSessionUser(request, services);
    if (me) {
      const tray = await getComparisonTray({ db: services.db, userId: me.id });
      if (tray.listingIds.length) throw redirect(comparePath(tray.listingIds));
    }
  }
  const comparison = await getComparison({
    db: services.db,
    storage: services.storage,
    ids,
    postalCode: url.searchParams.get("postalCode"),
    city: url.searchParams.get("city"),
  });
  return { comparison, hasIds: ids !== null };
}

export default function Comparer({ loaderData }: Route.ComponentProps) {
  return <ComparePage comparison={loaderData.comparison} hasIds={loaderData.hasIds} />;
}

import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { readDb } from "~/db/replicas.server";
import { getSessionUser } from "~/features/auth/session.server";
import { favoritesAndDropsAmong } from "~/features/price-drops/price-history.server";
import { DealerPage } from "~/features/pro/dealer-page";
import { dealerDescription, dealerPath } from "~/features/pro/dealer-seo";
import { getDealerPage } from "~/features/pro/get-dealer-page.server";
import { parseSearchParams } from "~/features/search/parse-search-params";
import { isAppError } from "~/server/app-error";
import { NotFoundContent } from "~/ui/not-found-content";
import { pageMeta, SITE_NAME } from "~/ui/seo";
import type { Route } from "./+types/pro";

/**
 * /pro/<slug>: a verified professional's page (issue 33), its listings filtered, sorted and
 * paged by the same parameters as /recherche. Anything else (pending, refused, suspended,
 * unknown) is the site's 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context;
  const url = new URL(request.url);
  const { filters } = parseSearchParams(url.searchParams);
  try {
    const [me, page] = await Promise.all([
      getSessionUser(request, services),
      getDealerPage({ db: readDb(services), storage: services.storage, slug: params.slug, filters }),
    ]);
    if (page.result.page > 1 && page.result.page > page.result.pageCount) {
      throw data({ message: "Cette page de résultats n'existe pas." }, { status: 404 });
    }
    const { favoriteIds, priceDrops } = await favoritesAndDropsAmong({
      db: readDb(services),
      userId: me?.id,
      listingIds: page.result.items.map((l) => l.id),
    });
    const origin = services.config.PUBLIC_URL;
    return {
      ...page,
      favoriteIds,
      priceDrops,
      canonical: `${origin}${dealerPath(page.dealer.slug)}`,
      // Filtered or sorted views of the page are not indexed (their canonical is the page itself).
      indexable: page.links.pageBase === dealerPath(page.dealer.slug),
      origin,
    };
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") throw data({ message: error.message }, { status: 404 });
    throw error;
  }
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `Page introuvable | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
  const { dealer, result, canonical, indexable } = loaderData;
  return [
    ...pageMeta(`${dealer.companyName} à ${dealer.city} : véhicules d'occasion`, dealerDescription(dealer, result.total, result.totalCapped)),
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:url", content: canonical },
    ...(indexable ? [] : [{ name: "robots", content: "noindex, follow" }]),
  ];
}

export default function Pro({ loaderData }: Route.ComponentProps) {
  return <DealerPage {...loaderData} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  throw error;
}

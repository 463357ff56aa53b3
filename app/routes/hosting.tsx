import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import { openingTab, tabFromParam } from "~/features/hosting/hosting-flash";
import { HostingPage } from "~/features/hosting/hosting-page";
import { HOSTING_MESSAGES, countMyListings, deleteListing, listMyListings, markListingSold, undoListingSale } from "~/features/hosting/hosting.server";
import { restoreListing, withdrawListing } from "~/features/hosting/listing-offline.server";
import { isAppError } from "~/server/app-error";
import { memberPageRobots, pageMeta } from "~/ui/seo";
import type { Route } from "./+types/hosting";
import { readFormData } from "~/server/request-body.server";

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [
    ...pageMeta("Mes annonces", "Vos annonces en cours de validation, publiées et supprimées."),
    ...memberPageRobots(loaderData?.signedIn),
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await getSessionUser(request, context.services);
  if (!me) return { signedIn: false as const, listings: null };
  const { db, storage } = context.services;
  const params = new URL(request.url).searchParams;
  // Without ?onglet=, the first tab that has listings (published first).
  const asked = params.get("onglet");
  const opening = asked ? undefined : openingTab(await countMyListings({ db, userId: me.id }));
  const tab = tabFromParam(asked, opening).key;
  const page = Number(params.get("page") ?? "1");
  return { signedIn: true as const, openTab: tab, listings: await listMyListings({ db, storage, userId: me.id, tab, page }) };
}

/**
 * The page holds the three tab counts and one page of the open tab: changing tab or page
 * reloads it; dismissing a message (another URL change) does not. Actions, live events and
 * other pages still revalidate as usual.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname || currentUrl.href === nextUrl.href) {
    return defaultShouldRevalidate;
  }
  const changed = (name: string) => currentUrl.searchParams.get(name) !== nextUrl.searchParams.get(name);
  return changed("onglet") || changed("page");
}

/** 'Supprimer' (after the confirmation dialog), 'Marquer comme vendue' (with 'Vendu sur Occazio ?') and 'Annuler la vente'. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, events } = context.services;
  const user = await getSessionUser(request, context.services);
  if (!user) return data({ error: HOSTING_MESSAGES.unauthenticated }, { status: 401 });
  const form = await readFormData(request);
  const intent = form.get("intent");
  const listingId = form.get("listingId");
  try {
    if (intent === "delete") {
      await deleteListing({ db, userId: user.id, listingId, jobs: context.services.jobs });
      events.publish(user.id, { type: "listings-changed" });
      return { ok: true as const, message: "Annonce supprimée." };
    }
    if (intent === "sold") {
      await markListingSold({ db, userId: user.id, listingId, channel: form.get("channel"), jobs: context.services.jobs });
      events.publish(user.id, { type: "listings-changed" });
      return { ok: true as const, message: "Annonce marquée comme vendue. Vous pouvez annuler la vente pendant 7 jours." };
    }
    if (intent === "withdraw") {
      await withdrawListing({ db, userId: user.id, listingId, jobs: context.services.jobs });
      events.publish(user.id, { type: "listings-changed" });
      return { ok: true as const, message: "Annonce retirée de la vente : elle est hors ligne. Remettez-la en vente quand vous voulez." };
    }
    if (intent === "restore") {
      await restoreListing({ db, userId: user.id, listingId, jobs: context.services.jobs });
      events.publish(user.id, { type: "listings-changed" });
      return { ok: true as const, message: "Annonce remise en vente : elle est de nouveau en ligne." };
    }
    if (intent === "unsold") {
      await undoListingSale({ db, userId: user.id, listingId, jobs: context.services.jobs });
      events.publish(user.id, { type: "listings-changed" });
      return { ok: true as const, message: "Vente annulée : l'annonce est de nouveau en ligne." };
    }
    return data({ error: "Action inconnue." }, { status: 400 });
  } catch (error) {
    if (isAppError(error)) return data({ error: error.message }, { status: error.status });
    throw error;
  }
}

export default function Hosting({ loaderData }: Route.ComponentProps) {
  return <HostingPage listings={loaderData.listings} openTab={loaderData.signedIn ? loaderData.openTab : undefined} />;
}

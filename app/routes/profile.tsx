import { data, isRouteErrorResponse, redirect, useRouteError } from "react-router";
import { readDb } from "~/db/replicas.server";
import { getPublicProfile } from "~/features/account/public-profile.server";
import { getSessionUser } from "~/features/auth/session.server";
import { ListingCard } from "~/features/listings/listing-card";
import { CompareButton } from "~/features/compare/comparison-tray";
import { isAppError } from "~/server/app-error";
import { formatCount, formatDate } from "~/ui/format";
import { NotFoundContent } from "~/ui/not-found-content";
import { pageMeta } from "~/ui/seo";
import type { Route } from "./+types/profile";
import { deName } from "~/ui/elision";

/** /profile/{username}: a seller's public page; /profile: one's own. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!params.username) {
    const me = await getSessionUser(request, context.services);
    if (!me?.username) throw redirect("/");
    throw redirect(`/profile/${encodeURIComponent(me.username)}`);
  }
  try {
    return await getPublicProfile({ db: readDb(context.services), storage: context.services.storage, username: params.username });
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") throw data({ message: error.message }, { status: 404 });
    throw error;
  }
}

export function meta({ data: profile }: Route.MetaArgs) {
  if (!profile) return pageMeta("Profil introuvable", "Ce profil n'existe pas.");
  return pageMeta(`Annonces ${deName(profile.name)}`, `Les véhicules d'occasion proposés par ${profile.name} sur Occazio.`);
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  return (
    <section className="space-y-6">
      <header className="flex items-center gap-4 rounded-xl bg-white p-5 shadow-sm">
        <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-full bg-slate-700 text-2xl font-bold uppercase text-white">
          {loaderData.name.slice(0, 1)}
        </span>
        <div>
          <h1 className="text-2xl font-bold">{loaderData.name}</h1>
          <p className="text-sm text-slate-600">
            Membre depuis le {formatDate(loaderData.memberSince)} · {formatCount(loaderData.listings.length, "annonce en ligne", "annonces en ligne")}
          </p>
        </div>
      </header>
      {loaderData.listings.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-slate-600 shadow-sm">Aucune annonce en ligne pour le moment.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {loaderData.listings.map((listing) => (
            <li key={listing.id}>
              <ListingCard listing={listing} compareAction={<CompareButton listingId={listing.id} />} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  throw error;
}

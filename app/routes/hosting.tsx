import type { KeyboardEvent } from "react";
import { data, Link, useNavigate, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { getSessionUser, requireUser } from "~/features/auth/session.server";
import {
  HOSTING_ERRORS,
  HOSTING_NOTICES,
  HOSTING_TABS,
  tabFromParam,
  type HostingErrorKey,
  type HostingNotice,
} from "~/features/hosting/hosting-flash";
import { HostingListingItem } from "~/features/hosting/hosting-listing-item";
import { HOSTING_MESSAGES, deleteListing, listMyListings, markListingSold } from "~/features/hosting/hosting.server";
import { isAppError } from "~/server/app-error";
import { buttonClasses } from "~/ui/button";
import { PageLinks } from "~/ui/pagination";
import { pageMeta } from "~/ui/seo";
import { useLiveRevalidation } from "~/ui/use-live-revalidation";
import type { Route } from "./+types/hosting";

export function meta() {
  return [...pageMeta("Mes annonces", "Vos annonces en cours de validation, publiées et supprimées."), { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireUser(request, context.services);
  const { db, storage } = context.services;
  const params = new URL(request.url).searchParams;
  const tab = tabFromParam(params.get("onglet")).key;
  const page = Number(params.get("page") ?? "1");
  return { listings: await listMyListings({ db, storage, userId: me.id, tab, page }) };
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

/** 'Supprimer' (after the confirmation dialog) and 'Marquer comme vendue'. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, events } = context.services;
  const user = await getSessionUser(request, context.services);
  if (!user) return data({ error: HOSTING_MESSAGES.unauthenticated }, { status: 401 });
  const form = await request.formData();
  const intent = form.get("intent");
  const listingId = form.get("listingId");
  try {
    if (intent === "delete") {
      await deleteListing({ db, userId: user.id, listingId });
      events.publish(user.id, { type: "listings-changed" });
      return { ok: true as const, message: "Annonce supprimée." };
    }
    if (intent === "sold") {
      await markListingSold({ db, userId: user.id, listingId });
      events.publish(user.id, { type: "listings-changed" });
      return { ok: true as const, message: "Annonce marquée comme vendue." };
    }
    return data({ error: "Action inconnue." }, { status: 400 });
  } catch (error) {
    if (isAppError(error)) return data({ error: error.message }, { status: error.status });
    throw error;
  }
}

function pick<T extends Record<string, string>>(messages: T, key: string | null): string | null {
  return key !== null && Object.hasOwn(messages, key) ? (messages[key as keyof T] ?? null) : null;
}

export default function Hosting({ loaderData }: Route.ComponentProps) {
  const { listings } = loaderData;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tab = tabFromParam(params.get("onglet"));
  const notice = pick<Record<HostingNotice, string>>(HOSTING_NOTICES, params.get("message"));
  const error = pick<Record<HostingErrorKey, string>>(HOSTING_ERRORS, params.get("erreur"));
  const group = listings[tab.key];
  useLiveRevalidation(["listings-changed"]);

  const select = (param: string) =>
    navigate({ search: `?onglet=${param}` }, { replace: true, preventScrollReset: true });

  // Arrow keys, Home and End move between tabs (WAI-ARIA tabs, automatic activation).
  function onTabKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    const last = HOSTING_TABS.length - 1;
    const next =
      event.key === "ArrowRight" ? (index === last ? 0 : index + 1)
      : event.key === "ArrowLeft" ? (index === 0 ? last : index - 1)
      : event.key === "Home" ? 0
      : event.key === "End" ? last
      : null;
    const target = next === null ? undefined : HOSTING_TABS[next];
    if (!target) return;
    event.preventDefault();
    void select(target.param);
    document.getElementById(`onglet-${target.param}`)?.focus();
  }

  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold">Mes annonces</h1>

      {notice ? (
        <p role="status" className="mt-4 flex items-center justify-between gap-3 rounded-lg bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900">
          {notice}
          <Link to={{ search: `?onglet=${tab.param}` }} replace preventScrollReset className="text-emerald-900 underline">
            Fermer
          </Link>
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-4 flex items-center justify-between gap-3 rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {error}
          <Link to={{ search: `?onglet=${tab.param}` }} replace preventScrollReset className="text-red-800 underline">
            Fermer
          </Link>
        </p>
      ) : null}

      <div role="tablist" aria-label="Mes annonces par état" className="relative mt-6 grid grid-cols-3 border-b border-slate-200 sm:flex sm:gap-1">
        {HOSTING_TABS.map((t, index) => {
          const selected = t.key === tab.key;
          return (
            <Link
              key={t.key}
              id={`onglet-${t.param}`}
              role="tab"
              aria-selected={selected}
              aria-controls="panneau-annonces"
              tabIndex={selected ? 0 : -1}
              to={{ search: `?onglet=${t.param}` }}
              replace
              preventScrollReset
              onKeyDown={(event) => onTabKeyDown(event, index)}
              className={`-mb-px flex flex-col items-center justify-center gap-1 border-b-2 px-2 py-2.5 text-center text-sm font-semibold sm:flex-row sm:gap-2 sm:px-3 ${
                selected ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"
              }`}
            >
              {t.label}
              <span aria-hidden="true" className={`rounded-full px-2 py-0.5 text-xs ${selected ? "bg-brand-100 text-brand-800" : "bg-slate-100 text-slate-700"}`}>
                {listings[t.key].count}
              </span>
              <span className="sr-only">({listings[t.key].count})</span>
            </Link>
          );
        })}
      </div>

      <div id="panneau-annonces" role="tabpanel" aria-labelledby={`onglet-${tab.param}`} tabIndex={0} className="mt-4 focus:outline-none">
        {group.items.length === 0 ? (
          <div className="rounded-xl bg-white p-8 text-center shadow-sm">
            <p className="text-slate-700">{tab.empty}</p>
            {tab.key !== "deleted" ? (
              <Link to="/publish" className={buttonClasses("accent", "mt-4")}>
                Publier une annonce
              </Link>
            ) : null}
          </div>
        ) : (
          <ul className="space-y-4">
            {group.items.map((listing) => (
              <li key={listing.id}>
                <HostingListingItem listing={listing} />
              </li>
            ))}
          </ul>
        )}
        <div className="mt-6">
          <PageLinks
            label={`Pages : ${tab.label}`}
            page={group.page}
            pageCount={group.pageCount}
            href={(p) => (p > 1 ? `?onglet=${tab.param}&page=${p}` : `?onglet=${tab.param}`)}
          />
        </div>
      </div>
    </div>
  );
}

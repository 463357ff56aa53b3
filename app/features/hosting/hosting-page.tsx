import type { KeyboardEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { SignInRequired } from "~/features/auth/sign-in-required";
import {
  HOSTING_ERRORS,
  HOSTING_NOTICES,
  HOSTING_TABS,
  tabFromParam,
  type HostingErrorKey,
  type HostingNotice,
  type HostingTabKey,
} from "~/features/hosting/hosting-flash";
import { HostingListingItem, type HostingItem } from "~/features/hosting/hosting-listing-item";
import { buttonClasses } from "~/ui/button";
import { PageLinks } from "~/ui/pagination";
import { useLiveRevalidation } from "~/ui/use-live-revalidation";

/** What the page shows of each tab (`listMyListings`): its count and one page of its listings. */
type MyListings = Record<(typeof HOSTING_TABS)[number]["key"], { count: number; items: HostingItem[]; page: number; pageCount: number }>;

export const SIGN_IN_TO_MANAGE_LISTINGS = "Veuillez vous connecter pour gérer vos annonces.";

/**
 * 'Mes annonces' (route: routes/hosting.tsx): the seller's listings by state; signed out, what
 * the page needs and 'Se connecter' (the page reloads once signed in).
 */
export function HostingPage({ listings, openTab }: { listings: MyListings | null; openTab?: HostingTabKey }) {
  if (!listings) {
    return (
      <div className="mx-auto max-w-4xl space-y-6">
        <h1 className="text-2xl font-bold">Mes annonces</h1>
        <SignInRequired message={SIGN_IN_TO_MANAGE_LISTINGS} />
      </div>
    );
  }
  return <MyListingsTabs listings={listings} openTab={openTab} />;
}

function pick<T extends Record<string, string>>(messages: T, key: string | null): string | null {
  return key !== null && Object.hasOwn(messages, key) ? (messages[key as keyof T] ?? null) : null;
}

function MyListingsTabs({ listings, openTab }: { listings: MyListings; openTab?: HostingTabKey }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tab = tabFromParam(params.get("onglet"), openTab);
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

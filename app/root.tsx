import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useLocation } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { getSessionUser } from "./features/auth/session.server";
import type { RootData } from "./features/auth/session-user";
import { accountBadges } from "./features/shell/account-badges.server";
import { DeferredHydration } from "./ui/deferred-hydration";
import { ScrollRestoration } from "./ui/scroll-restoration";
import { useNonce } from "./ui/nonce";
import { SiteFooter } from "~/features/shell/site-footer";
import { SiteHeader } from "~/features/shell/site-header";
import { NotFoundContent } from "./ui/not-found-content";

/** /messages/:id being loaded reads that conversation: the badge must not count it. */
const OPEN_CONVERSATION = /^\/messages\/([0-9a-f-]{36})/i;

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const { services } = context;
  const provider = services.config.identityProvider;
  const user = await getSessionUser(request, services);
  const openConversation = OPEN_CONVERSATION.exec(new URL(request.url).pathname)?.[1] ?? null;
  // The unread badge and the comparison tray in one query (decision 0030).
  const badges = user
    ? await accountBadges({ db: services.db, userId: user.id, exceptConversationId: openConversation })
    : { unreadMessages: 0, comparisonIds: [] };
  return {
    user,
    unreadMessages: badges.unreadMessages,
    identityProvider: provider ? { label: provider.label, kind: provider.kind } : null,
    map: { tileUrl: services.config.MAP_TILE_URL, attribution: services.config.MAP_TILE_ATTRIBUTION },
    comparisonIds: badges.comparisonIds,
  };
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1b5fe0" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <DeferredHydration nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const location = useLocation();
  // Which URL the page on screen shows (set once React has rendered it): the URL bar changes
  // before the new page is drawn, so scripts and tests that read the page wait for this.
  useEffect(() => {
    document.documentElement.dataset.renderedUrl = location.pathname + location.search;
  }, [location.pathname, location.search]);
  return <Outlet />;
}

/** Errors outside the site layout (e.g. in the root loader) still get the French shell. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="contenu" className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
        {notFound ? (
          <NotFoundContent />
        ) : (
          <section className="rounded-xl bg-white p-8 shadow-sm">
            <h1 className="text-2xl font-bold">Une erreur est survenue</h1>
            <p className="mt-2 text-slate-600">Nous n'avons pas pu afficher cette page. Réessayez dans un instant.</p>
          </section>
        )}
      </main>
      <SiteFooter />
    </div>
  );
}

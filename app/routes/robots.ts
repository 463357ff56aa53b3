import type { Route } from "./+types/robots";

// Pages that mark themselves `noindex` for crawlers (favourites, messages, saved searches, 'Mes annonces': their
// signed-out render) are not disallowed here: a crawler must fetch a page to read its tag, and a
// disallowed URL linked from every page can still be listed without it (decision 0026).
export function loader({ context }: Route.LoaderArgs) {
  const origin = context.services.config.PUBLIC_URL;
  const text = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /dev/",
    "Disallow: /connexion/",
    "Disallow: /account",
    "Disallow: /personal-info",
    "Disallow: /edit-annonce/",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(text, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" } });
}

import type { Route } from "./+types/robots";

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
    "Disallow: /hosting",
    "Disallow: /wishlists",
    "Disallow: /publish",
    "Disallow: /edit-annonce/",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(text, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" } });
}

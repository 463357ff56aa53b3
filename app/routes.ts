import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** Every URL of the product in one place (French paths from spec §2). */
export default [
  index("routes/index.tsx"),
  layout("routes/site-layout.tsx", [
    route("home", "routes/home.tsx"),
    // Accounts
    route("personal-info", "routes/personal-info.tsx"),
    route("account-settings", "routes/account-settings.tsx"),
    route("account", "routes/account.tsx"),
    route("account/notifications", "routes/account.notifications.tsx"),
    route("account/professionnel", "routes/account.professionnel.tsx"),
    route("reinitialiser-mot-de-passe", "routes/reset-password.tsx"),
    // Listings, favourites, sellers
    route("annonce/:id/:slug?", "routes/annonce.tsx"),
    route("wishlists", "routes/wishlists.tsx"),
    route("profile/:username?", "routes/profile.tsx"),
    route("pro/:slug", "routes/pro.tsx"),
    route("moderation", "routes/moderation.tsx"),
    // Static pages
    route("mentions-legales", "routes/legal.mentions-legales.tsx", { id: "legal-notices" }),
    route("charte-cookies", "routes/legal.charte-cookies.tsx", { id: "legal-cookies" }),
    route("privacy", "routes/legal.privacy.tsx", { id: "legal-privacy" }),
    route("terms", "routes/legal.terms.tsx", { id: "legal-terms" }),
    route("help", "routes/legal.help.tsx", { id: "legal-help" }),
    route("classement-des-annonces", "routes/legal.classement.tsx", { id: "legal-ranking" }),
    route("dev/outbox", "routes/dev.outbox.tsx"),
    // Publishing and the seller's space
    route("publish", "routes/publish.tsx"),
    route("hosting", "routes/hosting.tsx"),
    route("edit-annonce/:id", "routes/edit-listing.tsx"),
    // Search
    route("recherche", "routes/recherche.tsx"),
    route("comparer", "routes/comparer.tsx"),
    route("recherches", "routes/recherches.tsx"),
    route("alertes/desinscription", "routes/alertes.desinscription.tsx"),
    // Messaging
    route("messages", "routes/messages.tsx"),
    route("messages/:id", "routes/messages.thread.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  // The identity-provider popup window: no site chrome.
  route("connexion/fournisseur", "routes/identity-provider.start.tsx"),
  route("connexion/fournisseur/retour", "routes/identity-provider.return.tsx"),
  route("api/places", "routes/api.places.ts"),
  route("api/favorites", "routes/api.favorites.ts"),
  route("api/comparison", "routes/api.comparison.ts"),
  route("api/saved-searches", "routes/api.saved-searches.ts"),
  route("api/listings/:id/click", "routes/api.listing-click.ts"),
  route("api/listings/:id/phone", "routes/api.listing-phone.ts"),
  route("api/pro/:slug/phone", "routes/api.pro-phone.ts"),
  route("api/listings/:id/report", "routes/api.listing-report.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemaps/:name", "routes/sitemaps.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("api/listings/:id/photos", "routes/api.listing-photos.ts"),
  route("api/pro/logo", "routes/api.pro-logo.ts"),
  route("api/listings/:id/photos/:photoId", "routes/api.listing-photo.ts"),
  route("api/events", "routes/api.events.ts"),
  route("api/search/map", "routes/api.search-map.ts"),
  route("api/search/suggestions", "routes/api.search-suggestions.ts"),
  route("api/search/count", "routes/api.search-count.ts"),
  route("api/search/map-card/:id", "routes/api.search-map-card.ts"),
  route("api/listings/:id/conversation", "routes/api.listing-conversation.ts"),
  route("api/conversations/:id/messages", "routes/api.conversation-messages.ts"),
] satisfies RouteConfig;

/**
 * Messages shown on 'Mes annonces' after a redirect (spec §8: "Annonce mise à jour avec
 * succès !" then /hosting; "Annonce non trouvée." then /hosting…). The URL carries a short
 * key (`?message=modifiee`, `?erreur=interdit`), never the text itself, so nobody can make
 * the page display arbitrary words.
 */
export const HOSTING_NOTICES = {
  modifiee: "Annonce mise à jour avec succès !",
  "modification-a-valider":
    "Annonce mise à jour avec succès ! Vos modifications seront visibles après validation par notre équipe ; d'ici là, les acheteurs voient la version validée.",
} as const;

/** Same texts as LISTING_MESSAGES of publish/listing-access.server.ts (hosting-flash.test.ts checks it). */
export const HOSTING_ERRORS = {
  introuvable: "Annonce non trouvée.",
  interdit: "Vous n'êtes pas autorisé à modifier cette annonce.",
  brouillon: "Cette annonce n'est pas encore envoyée : terminez-la depuis « Déposer une annonce ».",
  vendue: "Cette annonce est vendue : elle ne peut plus être modifiée.",
  supprimee: "Cette annonce a été supprimée : elle ne peut plus être modifiée.",
  "hors-ligne": "Cette annonce est hors ligne : remettez-la en vente pour la modifier.",
  "non-modifiable": "Cette annonce ne peut pas être modifiée pour le moment.",
} as const;

export type HostingNotice = keyof typeof HOSTING_NOTICES;
export type HostingErrorKey = keyof typeof HOSTING_ERRORS;

/** The three tabs of 'Mes annonces' and their URL values (`?onglet=`). */
export const HOSTING_TABS = [
  { key: "pending", param: "en-validation", label: "En cours de validation", empty: "Aucune annonce en cours de validation." },
  { key: "published", param: "publiees", label: "Annonce publiée", empty: "Aucune annonce publiée." },
  { key: "deleted", param: "supprimees", label: "Annonce supprimée", empty: "Aucune annonce supprimée." },
] as const;

export type HostingTabKey = (typeof HOSTING_TABS)[number]["key"];

export function tabFromParam(param: string | null, fallback: HostingTabKey = HOSTING_TABS[0].key): (typeof HOSTING_TABS)[number] {
  return HOSTING_TABS.find((t) => t.param === param) ?? HOSTING_TABS.find((t) => t.key === fallback) ?? HOSTING_TABS[0];
}

/**
 * The tab 'Mes annonces' opens on without `?onglet=` (issue 36): the first that has listings,
 * published first — not an empty 'En cours de validation'; 'Annonce publiée' when all are empty.
 */
export function openingTab(counts: Record<HostingTabKey, number>): HostingTabKey {
  return (["published", "pending", "deleted"] as const).find((key) => counts[key] > 0) ?? "published";
}

/** Where a listing with this status is listed (mirrors hosting.server.ts). */
export function tabOfStatus(status: string): HostingTabKey {
  // A listing taken offline is still the seller's car for sale (decision 0058): 'Hors ligne' under 'Annonce publiée'.
  if (status === "published" || status === "sold" || status === "withdrawn") return "published";
  if (status === "deleted") return "deleted";
  return "pending";
}

/** /hosting on the tab of `status`, with a notice or an error. */
export function hostingUrl(options: { status?: string; message?: HostingNotice; error?: HostingErrorKey } = {}): string {
  const params = new URLSearchParams();
  if (options.status) {
    const tab = HOSTING_TABS.find((t) => t.key === tabOfStatus(options.status ?? ""));
    // Always named: without it the page opens on the first tab that has listings (openingTab).
    if (tab) params.set("onglet", tab.param);
  }
  if (options.message) params.set("message", options.message);
  if (options.error) params.set("erreur", options.error);
  const query = params.toString();
  return query ? `/hosting?${query}` : "/hosting";
}

/** A sale can be undone from 'Mes annonces' this many days after it was marked (issue 36). */
export const SALE_UNDO_DAYS = 7;

/**
 * French law treats regular resale as a professional activity: a private seller who published
 * more than this many listings in 12 months is shown to moderators (never to buyers) as
 * 'Vendeur particulier très actif' (issue 33, decision 0035).
 */
export const VERY_ACTIVE_PRIVATE_LISTINGS = 5;

export const VERY_ACTIVE_LABEL = "Vendeur particulier très actif";

export function isVeryActivePrivateSeller(sellerKind: string, publishedLast12Months: number | null | undefined): boolean {
  return sellerKind === "private" && (publishedLast12Months ?? 0) > VERY_ACTIVE_PRIVATE_LISTINGS;
}

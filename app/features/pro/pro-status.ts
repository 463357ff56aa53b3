/**
 * How a professional profile's verification reads to its owner (account page, pro page) and
 * to moderators. No server code: shared by pages and services.
 */

export type ProStatusValue = "pending" | "verified" | "refused" | "suspended";

export const PRO_PAGE_PATH = "/account/professionnel";

export const PRO_PRESENTATION_MAX = 1000;
export const PRO_COMPANY_NAME_MAX = 120;
export const PRO_ADDRESS_MAX = 200;

/** Widths (px) of the logo's WebP variants: small on cards and the dealer page's header. */
export const LOGO_WIDTHS = [160, 320] as const;

export function proStatusLabel(status: ProStatusValue, refusalReason?: string | null): string {
  switch (status) {
    case "pending":
      return "Professionnel — en attente de vérification";
    case "verified":
      return "Professionnel vérifié";
    case "refused":
      return `Refusé : ${refusalReason?.trim() || "motif non précisé"}`;
    case "suspended":
      return "Professionnel — compte suspendu";
  }
}

/** The message shown when a save sends a verified profile back to the moderators. */
export const BACK_TO_PENDING_NOTE =
  "Modifier la raison sociale, le SIRET ou l'adresse renvoie votre profil en vérification : le badge « vérifié » et votre page professionnelle sont suspendus jusqu'à la nouvelle validation.";

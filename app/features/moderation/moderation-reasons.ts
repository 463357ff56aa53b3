/** Why a moderator refuses a listing (shown to the seller with the free text). */
export const REJECTION_REASONS = {
  photos: "Photos non conformes (floues, sans rapport avec le véhicule, filigrane)",
  price: "Prix manifestement erroné",
  description: "Description insuffisante ou trompeuse",
  contact: "Coordonnées dans la description ou les photos",
  duplicate: "Annonce en double",
  forbidden: "Véhicule ou contenu interdit",
  other: "Autre motif",
} as const;

/** Why a visitor reports a listing ('Signaler l'annonce'). */
export const REPORT_REASONS = {
  fraud: "Arnaque ou fraude suspectée",
  sold: "Véhicule déjà vendu",
  wrong: "Informations erronées",
  duplicate: "Annonce en double",
  offensive: "Contenu choquant ou inapproprié",
  other: "Autre",
} as const;

/** Why a participant reports a conversation ('Signaler la conversation'). */
export const CONVERSATION_REPORT_REASONS = {
  fraud: "Arnaque ou tentative de fraude",
  harassment: "Propos insultants ou harcèlement",
  spam: "Spam ou publicité",
  other: "Autre",
} as const;

export type RejectionReasonCode = keyof typeof REJECTION_REASONS;
export type ReportReasonCode = keyof typeof REPORT_REASONS;
export type ConversationReportReasonCode = keyof typeof CONVERSATION_REPORT_REASONS;

/** "Prix manifestement erroné : 1 € pour une Audi A4 de 2021" */
export function reasonSentence(label: string, text: string | null | undefined): string {
  const extra = text?.trim();
  return extra ? `${label} : ${extra}` : label;
}

/** How the history (queue, detail page, journal) names each decision. */
export const MODERATION_ACTION_LABELS: Record<string, string> = {
  validated: "Annonce validée",
  rejected: "Annonce refusée",
  removed: "Annonce retirée après signalement",
  report_dismissed: "Signalement classé sans suite",
  revision_validated: "Modification validée",
  revision_rejected: "Modification refusée",
  account_warned: "Compte averti",
  account_suspended: "Compte suspendu",
  pro_verified: "Professionnel vérifié",
  pro_refused: "Profil professionnel refusé",
  pro_trusted: "Professionnel marqué de confiance",
  pro_untrusted: "Confiance retirée au professionnel",
  sample_confirmed: "Contrôle après publication : conforme",
  sample_removed: "Annonce retirée après contrôle",
};

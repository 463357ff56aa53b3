import { renderEmail } from "~/server/email-layout";

const EXCERPT_LENGTH = 300;

/**
 * "Nouveau message à propos de votre annonce Peugeot 208": at most one per conversation
 * every 15 minutes, so it says that more may be waiting.
 */
export function newMessageEmail(options: {
  name: string;
  senderName: string;
  listingTitle: string;
  /** The recipient is the listing's seller ("votre annonce") rather than the buyer ("l'annonce"). */
  toSeller: boolean;
  excerpt: string;
  url: string;
  preferencesUrl: string;
}) {
  const about = options.toSeller ? `votre annonce ${options.listingTitle}` : `l'annonce ${options.listingTitle}`;
  const text =
    options.excerpt.length > EXCERPT_LENGTH
      ? `${options.excerpt.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`
      : options.excerpt;
  return renderEmail({
    subject: `Nouveau message à propos de ${about}`,
    greeting: options.name ? `Bonjour ${options.name},` : "Bonjour,",
    paragraphs: [
      `${options.senderName} vous a écrit à propos de ${about} :`,
      `« ${text} »`,
      "Répondez depuis votre messagerie Occazio. Pour votre sécurité, ne communiquez jamais vos coordonnées bancaires et méfiez-vous des demandes de paiement à l'avance.",
      `Vous recevez cet e-mail car les notifications de nouveaux messages sont activées (au plus un e-mail par conversation toutes les 15 minutes). Pour les désactiver : ${options.preferencesUrl}`,
    ],
    action: { label: "Lire et répondre", url: options.url },
  });
}

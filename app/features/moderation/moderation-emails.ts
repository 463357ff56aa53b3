import { renderEmail } from "~/server/email-layout";

interface ListingRef {
  brand: string;
  model: string;
  url: string;
}

export function listingPublishedEmail(options: { name: string; listing: ListingRef }) {
  return renderEmail({
    subject: "Votre annonce est en ligne",
    greeting: `Bonjour ${options.name},`,
    paragraphs: [
      `Bonne nouvelle : votre annonce ${options.listing.brand} ${options.listing.model} a été validée par notre équipe. Elle est désormais visible par tous les acheteurs.`,
      "Vous pouvez la modifier, la marquer comme vendue ou la supprimer à tout moment depuis « Mes annonces ».",
    ],
    action: { label: "Voir mon annonce", url: options.listing.url },
  });
}

export function listingRejectedEmail(options: { name: string; listing: ListingRef; reason: string; editUrl: string }) {
  return renderEmail({
    subject: "Votre annonce doit être corrigée",
    greeting: `Bonjour ${options.name},`,
    paragraphs: [
      `Votre annonce ${options.listing.brand} ${options.listing.model} n'a pas pu être validée.`,
      `Motif : ${options.reason}`,
      "Corrigez-la depuis « Mes annonces » : elle repassera automatiquement en validation.",
    ],
    action: { label: "Modifier mon annonce", url: options.editUrl },
  });
}

export function listingRemovedEmail(options: { name: string; listing: ListingRef; reason: string }) {
  return renderEmail({
    subject: "Votre annonce a été retirée",
    greeting: `Bonjour ${options.name},`,
    paragraphs: [
      `Après un signalement, notre équipe a retiré votre annonce ${options.listing.brand} ${options.listing.model}.`,
      `Motif : ${options.reason}`,
      "Si vous pensez qu'il s'agit d'une erreur, répondez à cet e-mail en expliquant la situation.",
    ],
  });
}

export function revisionValidatedEmail(options: { name: string; listing: ListingRef }) {
  return renderEmail({
    subject: "Votre modification est en ligne",
    greeting: `Bonjour ${options.name},`,
    paragraphs: [
      `Les modifications de votre annonce ${options.listing.brand} ${options.listing.model} ont été validées par notre équipe : les acheteurs voient désormais la nouvelle version.`,
    ],
    action: { label: "Voir mon annonce", url: options.listing.url },
  });
}

export function revisionRejectedEmail(options: { name: string; listing: ListingRef; reason: string; editUrl: string }) {
  return renderEmail({
    subject: "Votre modification n'a pas été acceptée",
    greeting: `Bonjour ${options.name},`,
    paragraphs: [
      `Les modifications de votre annonce ${options.listing.brand} ${options.listing.model} n'ont pas été acceptées : l'annonce reste en ligne telle qu'elle avait été validée.`,
      `Motif : ${options.reason}`,
      "Vous pouvez la modifier à nouveau depuis « Mes annonces ».",
    ],
    action: { label: "Modifier mon annonce", url: options.editUrl },
  });
}

export function accountWarnedEmail(options: { name: string; reason: string; note: string | null; guidelinesUrl: string }) {
  return renderEmail({
    subject: "Avertissement de l'équipe de modération",
    greeting: `Bonjour ${options.name},`,
    paragraphs: [
      "Un de vos échanges sur Occazio nous a été signalé et notre équipe l'a examiné.",
      `Motif : ${options.reason}`,
      ...(options.note ? [`Message de l'équipe : ${options.note}`] : []),
      "Merci de rester courtois et de ne jamais demander de paiement ou de coordonnées hors du site. En cas de récidive, votre compte pourra être suspendu.",
    ],
    action: { label: "Voir mes messages", url: options.guidelinesUrl },
  });
}

export function accountSuspendedEmail(options: { name: string; reason: string; note: string | null }) {
  return renderEmail({
    subject: "Votre compte a été suspendu",
    greeting: `Bonjour ${options.name},`,
    paragraphs: [
      "Après examen d'un signalement, notre équipe a suspendu votre compte Occazio : vous ne pouvez plus vous connecter, publier d'annonce ni envoyer de message.",
      `Motif : ${options.reason}`,
      ...(options.note ? [`Message de l'équipe : ${options.note}`] : []),
      "Si vous pensez qu'il s'agit d'une erreur, répondez à cet e-mail en expliquant la situation.",
    ],
  });
}

const hello = (name: string) => (name ? `Bonjour ${name},` : "Bonjour,");

export function proVerifiedEmail(options: { name: string; companyName: string; pageUrl: string }) {
  return renderEmail({
    subject: "Votre compte professionnel est vérifié",
    greeting: hello(options.name),
    paragraphs: [
      `Notre équipe a vérifié les informations de ${options.companyName} : votre compte est désormais « Professionnel vérifié ».`,
      "Vos annonces portent le badge « Pro » et renvoient à votre page professionnelle, avec vos horaires, votre adresse et vos véhicules en vente.",
    ],
    action: { label: "Voir ma page professionnelle", url: options.pageUrl },
  });
}

export function proRefusedEmail(options: { name: string; companyName: string; reason: string; editUrl: string }) {
  return renderEmail({
    subject: "Votre compte professionnel n'a pas pu être vérifié",
    greeting: hello(options.name),
    paragraphs: [
      `Notre équipe n'a pas pu vérifier les informations de ${options.companyName}.`,
      `Motif : ${options.reason}`,
      "Corrigez votre profil professionnel puis envoyez-le à nouveau : il repassera en vérification.",
    ],
    action: { label: "Corriger mon profil", url: options.editUrl },
  });
}

/** 'De confiance' given (decision 0054): the moderators' reason stays in their journal. */
export function proTrustedEmail(options: { name: string; companyName: string; stockUrl: string }) {
  return renderEmail({
    subject: "Vos imports de stock sont publiés directement",
    greeting: hello(options.name),
    paragraphs: [
      `Notre équipe a accordé le statut « de confiance » à ${options.companyName}.`,
      "Les annonces que vos imports créent ou modifient sont désormais publiées immédiatement, sans attendre notre validation. Notre équipe en contrôle une partie après leur publication et peut retirer une annonce non conforme.",
    ],
    action: { label: "Voir mon stock", url: options.stockUrl },
  });
}

export function proTrustWithdrawnEmail(options: { name: string; companyName: string; stockUrl: string }) {
  return renderEmail({
    subject: "Vos imports de stock repassent par la validation",
    greeting: hello(options.name),
    paragraphs: [
      `Notre équipe a retiré le statut « de confiance » de ${options.companyName}.`,
      "Les nouvelles annonces de vos imports et les modifications importantes de vos annonces en ligne (description, kilométrage, équipements, photos…) sont de nouveau vérifiées par notre équipe avant leur publication. Les changements de prix restent immédiats.",
    ],
    action: { label: "Voir mon stock", url: options.stockUrl },
  });
}

/** A trusted dealer's listing taken offline by the after-the-fact review: to be corrected. */
export function sampleRemovedEmail(options: { name: string; listing: ListingRef; reason: string; editUrl: string }) {
  return renderEmail({
    subject: "Votre annonce a été retirée après contrôle",
    greeting: `Bonjour ${options.name},`,
    paragraphs: [
      `Notre équipe a contrôlé votre annonce ${options.listing.brand} ${options.listing.model}, publiée par votre import, et l'a retirée du site.`,
      `Motif : ${options.reason}`,
      "Corrigez-la depuis « Mes annonces » ou dans votre fichier de stock : elle repassera en validation avant d'être de nouveau visible.",
    ],
    action: { label: "Modifier mon annonce", url: options.editUrl },
  });
}

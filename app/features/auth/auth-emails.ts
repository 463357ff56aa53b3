import { renderEmail } from "~/server/email-layout";

export function passwordResetEmail(options: { name: string; url: string }) {
  return renderEmail({
    subject: "Réinitialisation de votre mot de passe Occazio",
    greeting: `Bonjour ${options.name},`,
    paragraphs: [
      "Vous avez demandé à réinitialiser le mot de passe de votre compte Occazio.",
      "Ce lien est valable une heure et ne peut servir qu'une fois. Après le changement, vos autres sessions seront déconnectées.",
      "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
    ],
    action: { label: "Choisir un nouveau mot de passe", url: options.url },
  });
}

export function verifyEmailEmail(options: { name: string; url: string }) {
  return renderEmail({
    subject: "Confirmez votre adresse e-mail Occazio",
    greeting: options.name ? `Bonjour ${options.name},` : "Bonjour,",
    paragraphs: [
      "Bienvenue sur Occazio ! Confirmez votre adresse e-mail pour pouvoir publier des annonces et écrire aux vendeurs.",
      "Ce lien est valable 24 heures. Si vous n'avez pas créé de compte, ignorez cet e-mail.",
    ],
    action: { label: "Confirmer mon adresse e-mail", url: options.url },
  });
}

/** Shared by services, routes and the notice (no server code here). */
export const EMAIL_UNVERIFIED_CODE = "email_unverified";

export const EMAIL_VERIFICATION_TEXTS = {
  publish: "Confirmez votre adresse e-mail pour publier une annonce : cliquez sur le lien que nous vous avons envoyé.",
  message: "Confirmez votre adresse e-mail pour écrire aux vendeurs : cliquez sur le lien que nous vous avons envoyé.",
  /** Saved searches work unconfirmed; their e-mails (and every other notification) wait for the confirmation. */
  alerts: "Confirmez votre adresse e-mail pour recevoir les alertes : cliquez sur le lien que nous vous avons envoyé.",
  /** 'Je suis un professionnel' (issue 33): moderators e-mail their decision. */
  pro: "Confirmez votre adresse e-mail pour déclarer votre activité professionnelle : cliquez sur le lien que nous vous avons envoyé.",
  resend: "Renvoyer l'e-mail",
  resent: "E-mail envoyé : pensez à regarder dans vos courriers indésirables.",
  resendFailed: "L'e-mail n'a pas pu être renvoyé. Réessayez dans quelques minutes.",
  /** After 'Créer mon compte' (issue 33), with the masked address. */
  checkInbox: (maskedEmail: string) =>
    `Vérifiez votre boîte mail : un lien de confirmation a été envoyé à ${maskedEmail}`,
  resendShort: "Renvoyer",
  /** After the confirmation link. */
  confirmed: "Adresse e-mail confirmée : vous pouvez publier et écrire aux vendeurs.",
} as const;

/** Query parameter the confirmation link's callback URL carries, for the banner. */
export const EMAIL_CONFIRMED_PARAM = "email-confirme";

/** `path` (with its query) plus `email-confirme=1`: where the confirmation link lands. */
export function confirmationCallback(path: string): string {
  const url = new URL(path, "http://x");
  url.searchParams.set(EMAIL_CONFIRMED_PARAM, "1");
  return url.pathname + url.search;
}

/** 'camille.dupont@exemple.fr' → 'c…@exemple.fr': enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return email;
  return `${email.slice(0, 1)}…${email.slice(at)}`;
}

/** A moderator suspended the account: no sign-in, no publishing, no messages. */
export const ACCOUNT_SUSPENDED_CODE = "account_suspended";
export const ACCOUNT_SUSPENDED_TEXT =
  "Ce compte a été suspendu par l'équipe de modération : il ne peut plus se connecter, publier ni écrire.";

/** An account made before display names (issue 33) is asked for one before it posts. */
export const DISPLAY_NAME_MISSING_CODE = "display_name_missing";
export const DISPLAY_NAME_MISSING_TEXT =
  "Choisissez d'abord le nom que verront les autres membres (prénom ou pseudo) : rendez-vous dans Informations personnelles.";

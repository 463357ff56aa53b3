/** Shared by services, routes and the notice (no server code here). */
export const EMAIL_UNVERIFIED_CODE = "email_unverified";

export const EMAIL_VERIFICATION_TEXTS = {
  publish: "Confirmez votre adresse e-mail pour publier une annonce : cliquez sur le lien que nous vous avons envoyé.",
  message: "Confirmez votre adresse e-mail pour écrire aux vendeurs : cliquez sur le lien que nous vous avons envoyé.",
  /** Saved searches work unconfirmed; their e-mails (and every other notification) wait for the confirmation. */
  alerts: "Confirmez votre adresse e-mail pour recevoir les alertes : cliquez sur le lien que nous vous avons envoyé.",
  resend: "Renvoyer l'e-mail",
  resent: "E-mail envoyé : pensez à regarder dans vos courriers indésirables.",
  resendFailed: "L'e-mail n'a pas pu être renvoyé. Réessayez dans quelques minutes.",
} as const;

/** A moderator suspended the account: no sign-in, no publishing, no messages. */
export const ACCOUNT_SUSPENDED_CODE = "account_suspended";
export const ACCOUNT_SUSPENDED_TEXT =
  "Ce compte a été suspendu par l'équipe de modération : il ne peut plus se connecter, publier ni écrire.";

/**
 * What the browser's `type="email"` and `required` bubbles used to say, in French and inline
 * (spec §8: 'Erreur : ' + message). Forms have `noValidate`; the server checks again.
 */
export const EMAIL_REQUIRED = "saisissez votre adresse e-mail.";
export const EMAIL_INVALID = "adresse e-mail invalide.";
export const PASSWORD_REQUIRED = "saisissez votre mot de passe.";

/** Same shape as the browser's own e-mail check: something@domain, no spaces. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailProblem(email: string): string | null {
  const value = email.trim();
  if (value === "") return EMAIL_REQUIRED;
  return EMAIL_SHAPE.test(value) ? null : EMAIL_INVALID;
}

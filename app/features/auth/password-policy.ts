/**
 * One password rule for sign-up, reset and change, in the browser and on the server (Better
 * Auth hook). A plain function, not a schema: the sign-up form is lazy-loaded but the account
 * pages import it directly, and a rule this small does not justify shipping zod (decision 0021).
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const MISMATCH_MESSAGE = "Les mots de passe ne correspondent pas.";

/** The French reason a password is refused, or null when it is accepted. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `Le mot de passe doit contenir au plus ${PASSWORD_MAX_LENGTH} caractères.`;
  }
  if (!(/\p{L}/u.test(password) && /[\p{N}\p{P}\p{S}]/u.test(password))) {
    return "Mot de passe trop faible : mélangez des lettres et au moins un chiffre ou un symbole.";
  }
  return null;
}

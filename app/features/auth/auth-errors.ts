/**
 * French, human messages for Better Auth's error codes (shown after "Erreur : ").
 * Unknown e-mail and wrong password share one message on purpose: telling them apart would
 * let anyone test which addresses have an account.
 */
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "adresse e-mail ou mot de passe incorrect.",
  INVALID_PASSWORD: "mot de passe incorrect.",
  USER_ALREADY_EXISTS: "un compte existe déjà avec cette adresse e-mail.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "un compte existe déjà avec cette adresse e-mail.",
  INVALID_EMAIL: "adresse e-mail invalide.",
  PASSWORD_TOO_SHORT: "le mot de passe doit contenir au moins 8 caractères.",
  PASSWORD_TOO_LONG: "le mot de passe est trop long (128 caractères au plus).",
  WEAK_PASSWORD: "mot de passe trop faible : mélangez des lettres et au moins un chiffre ou un symbole.",
  INVALID_TOKEN: "ce lien n'est plus valide. Demandez un nouveau lien de réinitialisation.",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "ce compte n'a pas de mot de passe (connexion par fournisseur d'identité).",
  SESSION_EXPIRED: "votre session a expiré, reconnectez-vous.",
  ACCOUNT_NOT_LINKED: "un compte existe déjà avec cette adresse e-mail : connectez-vous avec votre mot de passe.",
  account_not_linked: "un compte existe déjà avec cette adresse e-mail : connectez-vous avec votre mot de passe.",
  TOO_MANY_REQUESTS: "trop de tentatives. Réessayez dans quelques minutes.",
  POPUP_BLOCKED: "la fenêtre de connexion a été bloquée par le navigateur. Autorisez les fenêtres pour ce site.",
  POPUP_CLOSED: "la fenêtre de connexion a été fermée avant la fin.",
  access_denied: "connexion refusée.",
  state_mismatch: "la connexion a expiré, recommencez.",
  ACCOUNT_SUSPENDED: "ce compte a été suspendu par l'équipe de modération.",
  NETWORK: "le serveur est injoignable. Vérifiez votre connexion.",
};

export function authErrorMessage(error: { code?: string | null; status?: number; message?: string | null }): string {
  if (error.status === 429) return MESSAGES.TOO_MANY_REQUESTS!;
  if (error.code && Object.hasOwn(MESSAGES, error.code)) return MESSAGES[error.code]!;
  return "une erreur inattendue est survenue. Réessayez.";
}

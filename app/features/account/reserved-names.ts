// No zod here: the display-name rules that use these ship with pages (decision 0021).

/**
 * Names that would let an account pass for the site or its staff. Compared after lower-casing
 * and dropping "_", "." and "-", so "Admin", "mod.erateur" or "occazio-support" are refused too.
 */
export const RESERVED_USERNAMES = [
  "admin",
  "administrateur",
  "administrator",
  "moderateur",
  "moderatrice",
  "moderator",
  "moderation",
  "modo",
  "occazio",
  "support",
  "contact",
  "root",
  "system",
  "systeme",
  "staff",
  "equipe",
  "team",
  "service",
  "serviceclient",
  "helpdesk",
  "aide",
  "help",
  "info",
  "noreply",
  "postmaster",
  "webmaster",
  "security",
  "securite",
  "abuse",
] as const;

export const RESERVED_USERNAME_MESSAGE = "Ce nom d'utilisateur est réservé : choisissez-en un autre.";

export function isReservedUsername(username: string): boolean {
  const folded = username.toLowerCase().replace(/[_.-]/g, "");
  // "occazio" anywhere ("occazio_officiel", "support-occazio"); the others as the whole name
  // or with digits around them ("admin1", "2support").
  if (folded.includes("occazio")) return true;
  const core = folded.replace(/^\d+|\d+$/g, "");
  return (RESERVED_USERNAMES as readonly string[]).includes(core);
}

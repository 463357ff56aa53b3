/**
 * The name other people see ('Prénom ou pseudo', issue 33): on listings, in conversations,
 * in every e-mail's greeting. The generated 10-character username stays the account's handle
 * and is never shown as a name.
 *
 * Rules: 2–40 characters of letters (any alphabet, with accents), digits, spaces, apostrophes
 * and hyphens. Invisible characters (zero-width, bidi controls, soft hyphen) and runs of
 * spaces are cleaned away first; anything else (markup, '@', '<', emoji…) is refused with
 * a French message, as are e-mail addresses, phone numbers, web addresses and names that
 * would pass for the site itself.
 */
import { isReservedUsername } from "./reserved-names";

export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 40;
export const DISPLAY_NAME_LABEL = "Prénom ou pseudo";

export const DISPLAY_NAME_MESSAGES = {
  required: "Indiquez un prénom ou un pseudo : c'est le nom que verront les autres membres.",
  tooShort: `Votre prénom ou pseudo doit compter au moins ${DISPLAY_NAME_MIN} caractères.`,
  tooLong: `Votre prénom ou pseudo ne peut pas dépasser ${DISPLAY_NAME_MAX} caractères.`,
  characters:
    "Votre prénom ou pseudo ne peut contenir que des lettres, des chiffres, des espaces, des apostrophes et des tirets.",
  email: "N'indiquez pas d'adresse e-mail comme nom : elle serait visible de tous.",
  phone: "N'indiquez pas de numéro de téléphone comme nom : il serait visible de tous.",
  url: "N'indiquez pas d'adresse de site comme nom.",
  reserved: "Ce nom est réservé : choisissez votre prénom ou un pseudo.",
  noLetter: "Votre prénom ou pseudo doit contenir au moins une lettre.",
} as const;

// Zero-width spaces and joiners, bidi marks and isolates, soft hyphen, BOM, word joiner.
const INVISIBLE = /[\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;
const SPACES = /[\s\u00a0\u202f]+/g;
const ALLOWED = /^[\p{L}\p{M}\p{Nd}' \-’]+$/u;

/** 'Modé-rateur' → 'moderateur': the form `isReservedUsername` compares. */
function fold(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[\s'’]/g, "");
}

/** Removes invisible characters, joins runs of spaces, trims; NFC so 'é' is one letter. */
export function cleanDisplayName(input: string): string {
  return input.normalize("NFC").replace(INVISIBLE, "").replace(SPACES, " ").trim();
}

export type DisplayNameCheck = { ok: true; name: string } | { ok: false; message: string };

export function checkDisplayName(input: string): DisplayNameCheck {
  const name = cleanDisplayName(input);
  const fail = (message: string): DisplayNameCheck => ({ ok: false, message });
  if (name === "") return fail(DISPLAY_NAME_MESSAGES.required);
  if (/\S+@\S+\.\S+/.test(name) || /@/.test(name)) return fail(DISPLAY_NAME_MESSAGES.email);
  if (/(https?:|www\.|\.(fr|com|net|org|eu|io)\b)/i.test(name)) {
    return fail(DISPLAY_NAME_MESSAGES.url);
  }
  if ((name.match(/\d/g) ?? []).length >= 6) return fail(DISPLAY_NAME_MESSAGES.phone);
  const length = [...name].length;
  if (length < DISPLAY_NAME_MIN) return fail(DISPLAY_NAME_MESSAGES.tooShort);
  if (length > DISPLAY_NAME_MAX) return fail(DISPLAY_NAME_MESSAGES.tooLong);
  if (!ALLOWED.test(name)) return fail(DISPLAY_NAME_MESSAGES.characters);
  if (!/\p{L}/u.test(name)) return fail(DISPLAY_NAME_MESSAGES.noLetter);
  if (isReservedUsername(fold(name))) return fail(DISPLAY_NAME_MESSAGES.reserved);
  return { ok: true, name: name.replace(/’/g, "'") };
}

/**
 * What buyers see of a private person: the display name, and the initial of a last name when
 * one is on file ('Camille D.'). Never the full last name, the e-mail or the handle.
 */
export function publicName(displayName: string, lastName?: string | null): string {
  const initial = lastName ? [...cleanDisplayName(lastName)].find((c) => /\p{L}/u.test(c)) : undefined;
  return initial ? `${displayName} ${initial.toLocaleUpperCase("fr-FR")}.` : displayName;
}

/** Shown for accounts made before display names, until they choose one. */
export const UNNAMED_MEMBER = "Membre Occazio";

/**
 * The name others see for an account row: its display name (else, for older accounts, its
 * first name) with the last name's initial; never the username or the e-mail.
 */
export function publicNameOf(person: {
  displayName?: string | null;
  firstname?: string | null;
  lastname?: string | null;
}): string {
  const given = person.displayName?.trim() || person.firstname?.trim();
  return given ? publicName(given, person.lastname) : UNNAMED_MEMBER;
}

/** 'Bonjour Camille,' — or 'Bonjour,' when the account has no name yet. */
export function greetingName(person: { displayName?: string | null; firstname?: string | null }): string {
  return person.displayName?.trim() || person.firstname?.trim() || "";
}

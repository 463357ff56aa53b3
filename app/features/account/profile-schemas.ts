import { z } from "~/ui/zod";

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;

export { RESERVED_USERNAMES, RESERVED_USERNAME_MESSAGE, isReservedUsername } from "./reserved-names";
import { RESERVED_USERNAME_MESSAGE, isReservedUsername } from "./reserved-names";

export const usernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN, `Le nom d'utilisateur doit contenir au moins ${USERNAME_MIN} caractères.`)
  .max(USERNAME_MAX, `Le nom d'utilisateur doit contenir au plus ${USERNAME_MAX} caractères.`)
  .regex(/^[A-Za-z0-9_.-]+$/, "Utilisez uniquement des lettres sans accent, des chiffres, « _ », « . » ou « - ».")
  .refine((v) => !isReservedUsername(v), RESERVED_USERNAME_MESSAGE);

const personName = (label: string) =>
  z
    .string()
    .trim()
    .max(50, `${label} doit contenir au plus 50 caractères.`)
    .regex(/^(\p{L}[\p{L}' -]*)?$/u, `${label} ne peut contenir que des lettres, des espaces, des apostrophes et des tirets.`);

/**
 * A French phone number as typed ("06 12 34 56 78", "+33 6 12 34 56 78", "0612345678"),
 * stored as its 9 national digits ("612345678"); empty means none.
 */
export const phoneSchema = z
  .string()
  .trim()
  .transform((raw) => raw.replace(/[\s.-]/g, ""))
  .refine((v) => v === "" || /^(?:\+33|0033|0)[1-9]\d{8}$/.test(v), {
    message: "Numéro de téléphone invalide : indiquez un numéro français, par exemple 06 12 34 56 78.",
  })
  .transform((v) => (v === "" ? null : v.replace(/^(?:\+33|0033|0)/, "")));

export const publicProfileSchema = z.object({ username: usernameSchema });

export const privateProfileSchema = z.object({
  firstname: personName("Le prénom"),
  lastname: personName("Le nom"),
  phoneNumber: phoneSchema,
});

/** Control characters (NUL included) and the invisible format characters (zero-width, BOM…). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The profile fields a client may send to Better Auth's own endpoints (`/api/auth/update-user`,
 * `/api/auth/sign-up/email`): the same rules as the 'Informations personnelles' form, plus
 * the display name and the avatar URL that only Better Auth writes. Absent fields are left alone.
 */
export const authProfileFieldsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Le nom est obligatoire.")
    .max(100, "Le nom doit contenir au plus 100 caractères.")
    .refine((v) => !CONTROL_CHARACTERS.test(v), "Le nom contient des caractères non autorisés.")
    .optional(),
  image: z
    .string()
    .max(2048, "L'adresse de la photo de profil est trop longue.")
    .url("L'adresse de la photo de profil est invalide.")
    .refine((v) => /^https?:\/\//i.test(v), "L'adresse de la photo de profil doit commencer par https://.")
    .nullable()
    .optional(),
  firstname: personName("Le prénom").nullable().optional(),
  lastname: personName("Le nom").nullable().optional(),
  phoneNumber: z
    .string()
    .max(30, "Numéro de téléphone invalide : indiquez un numéro français, par exemple 06 12 34 56 78.")
    .pipe(phoneSchema)
    .nullable()
    .optional(),
});

export const notificationPreferencesSchema = z.object({
  notifyListingValidated: z.boolean(),
  notifyNewMessage: z.boolean(),
  /** 'Prix en baisse sur vos favoris' (optional: callers that predate it leave it unchanged). */
  notifyPriceDrops: z.boolean().optional(),
  notifySearchAlerts: z.boolean(),
});

/** Spec §2: '+33 *** ** ** ' followed by the end of the stored number, or 'Non précisé'. */
export function maskPhone(phoneNumber: string | null | undefined): string {
  if (!phoneNumber) return "Non précisé";
  return `+33 *** ** ** ${phoneNumber.slice(-2)}`;
}

/** "06 12 34 56 78" from the stored "612345678". */
export function formatPhone(phoneNumber: string): string {
  return `0${phoneNumber}`.replace(/(\d{2})(?=\d)/g, "$1 ");
}

/** What an account without a password types to confirm its deletion. */
export const DELETE_CONFIRMATION = "SUPPRIMER";

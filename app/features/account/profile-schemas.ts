import { z } from "zod";

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;

export const usernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN, `Le nom d'utilisateur doit contenir au moins ${USERNAME_MIN} caractères.`)
  .max(USERNAME_MAX, `Le nom d'utilisateur doit contenir au plus ${USERNAME_MAX} caractères.`)
  .regex(/^[A-Za-z0-9_.-]+$/, "Utilisez uniquement des lettres sans accent, des chiffres, « _ », « . » ou « - ».");

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

export const notificationPreferencesSchema = z.object({
  notifyListingValidated: z.boolean(),
  notifyNewMessage: z.boolean(),
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

import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** One rule for sign-up, reset and change, in the browser and on the server (Better Auth hook). */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`)
  .max(PASSWORD_MAX_LENGTH, `Le mot de passe doit contenir au plus ${PASSWORD_MAX_LENGTH} caractères.`)
  .refine((p) => /\p{L}/u.test(p) && /[\p{N}\p{P}\p{S}]/u.test(p), {
    message: "Mot de passe trop faible : mélangez des lettres et au moins un chiffre ou un symbole.",
  });

export function passwordProblem(password: string): string | null {
  const result = passwordSchema.safeParse(password);
  return result.success ? null : (result.error.issues[0]?.message ?? "Mot de passe invalide.");
}

export const MISMATCH_MESSAGE = "Les mots de passe ne correspondent pas.";

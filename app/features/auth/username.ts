import { randomInt } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const USERNAME_LENGTH = 10;

/** Spec §9: 10 characters over 62 letters and digits, from a cryptographic source. */
export function generateUsername(): string {
  let out = "";
  for (let i = 0; i < USERNAME_LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

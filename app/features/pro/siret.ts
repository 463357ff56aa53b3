/**
 * SIRET: the 14-digit number INSEE gives each establishment (SIREN of the company, 9 digits,
 * then the establishment's NIC, 5 digits). Its last digit is a Luhn key over all 14 digits,
 * except for La Poste: when it became a company every post office was placed under the
 * SIREN 356 000 000, too many establishments for the key, so their SIRET only need a digit
 * sum that is a multiple of 5 (the head office, 356 000 000 00048, passes Luhn as well).
 * Sources in docs/decisions (who sells). What we check is the form of the number; whether the
 * establishment exists is for the moderator who verifies the professional.
 */

export const SIRET_LENGTH = 14;
export const LA_POSTE_SIREN = "356000000";

export type SiretCheck = { ok: true; siret: string } | { ok: false; message: string };

/** Luhn: from the right, every second digit doubled (minus 9 above 9), total a multiple of 10. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function digitSum(digits: string): number {
  let sum = 0;
  for (const c of digits) sum += c.charCodeAt(0) - 48;
  return sum;
}

/** Spaces, dots and dashes people type between groups ('732 829 320 00074') are ignored. */
export function normalizeSiret(input: string): string {
  return input.replace(/[\s.\-\u00a0\u202f]/g, "");
}

export function checkSiret(input: string): SiretCheck {
  const siret = normalizeSiret(input);
  if (siret === "") {
    return { ok: false, message: "Saisissez le numéro SIRET de votre établissement (14 chiffres)." };
  }
  if (!/^\d+$/.test(siret)) {
    return { ok: false, message: "Le numéro SIRET ne contient que des chiffres : retirez les lettres et signes." };
  }
  if (siret.length !== SIRET_LENGTH) {
    const n = siret.length;
    return {
      ok: false,
      message: `Le numéro SIRET compte 14 chiffres : vous en avez saisi ${n}.`,
    };
  }
  const valid = siret.startsWith(LA_POSTE_SIREN)
    ? luhnValid(siret) || digitSum(siret) % 5 === 0
    : luhnValid(siret);
  if (!valid) {
    return {
      ok: false,
      message:
        "Ce numéro SIRET n'existe pas : son dernier chiffre (la clé de contrôle) ne correspond pas aux autres. Vérifiez-le sur votre extrait Kbis ou avis de situation INSEE.",
    };
  }
  return { ok: true, siret };
}

/** '73282932000074' → '732 829 320 00074', as INSEE prints it. */
export function formatSiret(siret: string): string {
  return `${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}`;
}

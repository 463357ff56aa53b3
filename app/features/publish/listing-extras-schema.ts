/**
 * The facts of issue 34's second slice (decision 0043) as the wizard's step 4 and the edit
 * form send them: the equipment checklist, 'Carnet d'entretien à jour', 'Véhicule non fumeur',
 * 'Garantie' (months, and for a professional its kind) and the HistoVec share link. Shared by
 * the browser and the server (listing-schemas.ts); French messages named after the field. An
 * empty field means "not given" (null); an absent one is left out of the output.
 */
import { z } from "~/ui/zod";
import { readEquipment } from "~/features/catalogue/equipment";

export const MAX_WARRANTY_MONTHS = 60;
export const WARRANTY_KINDS = ["constructeur", "professionnelle"] as const;
export type WarrantyKind = (typeof WARRANTY_KINDS)[number];
export const WARRANTY_KIND_LABELS: Record<WarrantyKind, string> = {
  constructeur: "Garantie constructeur",
  professionnelle: "Garantie professionnelle",
};

/** The official site of the vehicle-history report (Ministère de l'Intérieur). */
export const HISTOVEC_HOST = "histovec.interieur.gouv.fr";
export const HISTOVEC_MESSAGE =
  "Collez le lien de partage du rapport HistoVec, de la forme https://histovec.interieur.gouv.fr/histovec/report?id=…&key=…";
const MAX_HISTOVEC_LENGTH = 500;

function issue(ctx: z.RefinementCtx, message: string): typeof z.NEVER {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** The equipment's slugs, in the vocabulary's order; an unknown item is refused. */
export const equipmentField = z
  .unknown()
  .transform((value, ctx): string[] => {
    if (blank(value)) return [];
    const { slugs, unknown } = readEquipment(value);
    if (unknown.length) return issue(ctx, `Équipement inconnu : « ${unknown[0]!.slice(0, 60)} ». Cochez les équipements de la liste.`);
    return slugs;
  })
  .optional();

/** 'Oui' / 'Non' (a select: "oui", "non"; JSON: true, false); null when not said. */
function yesNo(field: string) {
  return z
    .unknown()
    .transform((value, ctx): boolean | null => {
      if (blank(value)) return null;
      if (value === true || value === "true" || value === "oui") return true;
      if (value === false || value === "false" || value === "non") return false;
      return issue(ctx, `${field} : choisissez « Oui » ou « Non ».`);
    })
    .optional();
}

export const serviceHistoryField = yesNo("Carnet d'entretien à jour");
export const nonSmokerField = yesNo("Véhicule non fumeur");

/** 'Garantie' in whole months, 0 to 60; null when not given. */
export const warrantyMonthsField = z
  .unknown()
  .transform((value, ctx): number | null => {
    if (blank(value)) return null;
    const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
    if (!/^\d{1,3}$/.test(text)) return issue(ctx, "La durée de la garantie doit être un nombre entier de mois (chiffres uniquement).");
    const n = Number(text);
    if (n > MAX_WARRANTY_MONTHS) return issue(ctx, `La durée de la garantie doit être comprise entre 0 et ${MAX_WARRANTY_MONTHS} mois.`);
    return n;
  })
  .optional();

export const warrantyKindField = z
  .unknown()
  .transform((value, ctx): WarrantyKind | null => {
    if (blank(value)) return null;
    const found = WARRANTY_KINDS.find((kind) => kind === value);
    return found ?? issue(ctx, "Choisissez « Garantie constructeur » ou « Garantie professionnelle ».");
  })
  .optional();

/**
 * The HistoVec share link as the seller pastes it, checked against the official site's format
 * (`https://histovec.interieur.gouv.fr/histovec/report?id=…&key=…`: the report's identifier
 * and its decryption key, both URL-safe base64, percent-encoded) and stored rebuilt from its
 * two parameters, so nothing else of what was pasted reaches the page. Never fetched.
 */
export function parseHistovecUrl(value: string): string | null {
  let text = value.trim();
  if (text.length > MAX_HISTOVEC_LENGTH) return null;
  if (/^histovec\.interieur\.gouv\.fr\//i.test(text)) text = `https://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.hostname.toLowerCase() !== HISTOVEC_HOST || url.port || url.username || url.password) return null;
  if (url.pathname.replace(/\/+$/, "") !== "/histovec/report") return null;
  const id = url.searchParams.get("id");
  const key = url.searchParams.get("key");
  const token = /^[A-Za-z0-9_\-+/]{8,200}={0,2}$/;
  if (!id || !key || !token.test(id) || !token.test(key)) return null;
  return `https://${HISTOVEC_HOST}/histovec/report?id=${encodeURIComponent(id)}&key=${encodeURIComponent(key)}`;
}

export const histovecUrlField = z
  .unknown()
  .transform((value, ctx): string | null => {
    if (blank(value)) return null;
    if (typeof value !== "string") return issue(ctx, HISTOVEC_MESSAGE);
    return parseHistovecUrl(value) ?? issue(ctx, HISTOVEC_MESSAGE);
  })
  .optional();

export const extrasShape = {
  equipment: equipmentField,
  serviceHistory: serviceHistoryField,
  nonSmoker: nonSmokerField,
  warrantyMonths: warrantyMonthsField,
  warrantyKind: warrantyKindField,
  histovecUrl: histovecUrlField,
};

/**
 * The warranty's kind is a professional's ('Garantie constructeur / professionnelle'): a
 * private seller's kind is refused; a kind needs a duration of at least one month.
 * `sellerKind` is the server's (the browser sends what the page knows, for instant feedback).
 */
export function checkWarranty(
  data: { warrantyMonths?: number | null; warrantyKind?: WarrantyKind | null; sellerKind?: unknown },
  ctx: z.RefinementCtx,
): void {
  if (!data.warrantyKind) return;
  if (data.sellerKind !== undefined && data.sellerKind !== "pro") {
    ctx.addIssue({
      code: "custom",
      path: ["warrantyKind"],
      message: "Seul un vendeur professionnel peut indiquer une garantie constructeur ou professionnelle.",
    });
  }
  if (!data.warrantyMonths) {
    ctx.addIssue({ code: "custom", path: ["warrantyMonths"], message: "Indiquez la durée de la garantie en mois." });
  }
}

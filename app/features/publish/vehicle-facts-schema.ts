/**
 * The optional facts of issue 34 (decision 0039) as the wizard's steps 3–4 and the edit form
 * send them: 'Norme Euro', the last contrôle technique (date and result) and 'Nombre de
 * propriétaires'. Shared by the browser and the server (listing-schemas.ts); French messages
 * named after the field. An empty field means "not given" (null); an absent one (a client that
 * does not send it) is left out of the output, so nothing is written for it.
 */
import { z } from "~/ui/zod";
import { EURO_NORMS, EURO_NORM_UNKNOWN_LABEL, type EuroNorm } from "~/features/catalogue/critair";
import { INSPECTION_RESULT_LABELS, INSPECTION_RESULTS, type InspectionResult } from "~/features/catalogue/inspection-results";
import { isOverFourYears, parseIsoDate, todayInFrance } from "./inspection-rule";

export const MAX_OWNER_COUNT = 99;

function issue(ctx: z.RefinementCtx, message: string): typeof z.NEVER {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

const fold = (value: string) => value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();

/** 'Norme Euro': one of EURO_NORMS ("euro 6d-temp" and "6d-TEMP" read too), or null for 'Je ne sais pas'. */
export const euroNorm = z
  .unknown()
  .transform((value, ctx): EuroNorm | null => {
  if (blank(value) || value === EURO_NORM_UNKNOWN_LABEL) return null;
  if (typeof value !== "string") return issue(ctx, "Choisissez une norme Euro dans la liste.");
  const wanted = fold(value).replace(/^euro\s*/, "");
  const found = EURO_NORMS.find((norm) => fold(norm).replace(/^euro\s*/, "") === wanted);
  return found ?? issue(ctx, "Choisissez une norme Euro dans la liste.");
  })
  .optional();

/** "AAAA-MM-JJ" (a date field) or "JJ/MM/AAAA" (typed), stored as "AAAA-MM-JJ"; null when empty. */
const inspectionDate = z.unknown().transform((value, ctx): string | null => {
  if (blank(value)) return null;
  if (typeof value !== "string") return issue(ctx, "La date du contrôle technique doit être au format JJ/MM/AAAA.");
  const text = value.trim();
  const french = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const iso = french ? `${french[3]}-${french[2]}-${french[1]}` : text;
  const date = parseIsoDate(iso);
  if (!date) return issue(ctx, "La date du contrôle technique doit être une date valide (JJ/MM/AAAA).");
  if (date.year < 1960) return issue(ctx, "La date du contrôle technique ne peut pas être antérieure à 1960.");
  if (iso > todayInFrance()) return issue(ctx, "La date du contrôle technique ne peut pas être dans le futur.");
  return iso;
});

/** The result, as its code or its label; null when empty. */
const inspectionResult = z.unknown().transform((value, ctx): InspectionResult | null => {
  if (blank(value)) return null;
  if (typeof value !== "string") return issue(ctx, "Choisissez le résultat du contrôle technique dans la liste.");
  const wanted = fold(value);
  const found = INSPECTION_RESULTS.find((code) => code === value.trim() || fold(INSPECTION_RESULT_LABELS[code]) === wanted);
  return found ?? issue(ctx, "Choisissez le résultat du contrôle technique dans la liste.");
});

export const inspectionShape = { inspectionDate: inspectionDate.optional(), inspectionResult: inspectionResult.optional() };

/** 'Nombre de propriétaires': 1 (première main) to 99, digits only; null when empty. */
export const ownerCount = z
  .unknown()
  .transform((value, ctx): number | null => {
  if (blank(value)) return null;
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,3}$/.test(text)) return issue(ctx, "Le nombre de propriétaires doit être un nombre entier (chiffres uniquement).");
  const n = Number(text);
  if (n < 1 || n > MAX_OWNER_COUNT) {
    return issue(ctx, `Le nombre de propriétaires doit être compris entre 1 (première main) et ${MAX_OWNER_COUNT}.`);
  }
  return n;
  })
  .optional();

/**
 * The inspection's date and result together, against the first registration when known:
 * a date needs a result and a result of an inspection needs its date; 'Non requis' only for a
 * vehicle under four years; no inspection before the first registration. An old inspection is
 * no error (inspection-rule.ts says so without blocking).
 */
export function checkInspection(
  data: {
    inspectionDate?: string | null;
    inspectionResult?: InspectionResult | null;
    firstRegistration?: unknown;
    /**
     * The edit form's stored result: a 'Non requis' given while the vehicle was under four
     * years is kept on later edits (the price can still change); the form then says it is due.
     */
    storedInspectionResult?: unknown;
  },
  ctx: z.RefinementCtx,
): void {
  const add = (path: "inspectionDate" | "inspectionResult", message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  const firstRegistration = typeof data.firstRegistration === "string" ? data.firstRegistration : null;
  const { inspectionDate: date, inspectionResult: result } = data;
  if (result === "not_required") {
    if (isOverFourYears(firstRegistration, todayInFrance()) && data.storedInspectionResult !== "not_required") {
      add(
        "inspectionResult",
        "Le contrôle technique est obligatoire pour un véhicule de plus de 4 ans : indiquez la date et le résultat du dernier contrôle.",
      );
    }
    if (date) add("inspectionDate", "Sans contrôle technique requis, laissez la date vide.");
    return;
  }
  if (date && !result) add("inspectionResult", "Indiquez le résultat du contrôle technique.");
  if (result && !date) add("inspectionDate", "Indiquez la date du dernier contrôle technique.");
  const registered = /^(\d{2})\/(\d{4})$/.exec(firstRegistration ?? "");
  if (date && registered && date.slice(0, 7) < `${registered[2]}-${registered[1]}`) {
    add("inspectionDate", "La date du contrôle technique ne peut pas précéder la première mise en circulation.");
  }
}

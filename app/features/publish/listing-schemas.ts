/**
 * Validation rules of the publish wizard and the edit form (spec §5), shared by the browser
 * (instant feedback) and the server (which re-validates everything: the server rejects
 * whatever the UI would). No server imports here.
 *
 * Inputs come from HTML forms (strings) or JSON (numbers), so the field schemas accept
 * both and output clean values: trimmed text, integers, canonical vocabulary spellings.
 * Every message is French and names the field, because it is shown next to that field.
 */
import { z } from "~/ui/zod";
import {
  COLORS,
  FUELS,
  GEARBOXES,
  LICENSE_STATUSES,
  VEHICLE_CONDITIONS,
  VEHICLE_TYPES,
  canonicalOption,
} from "~/features/catalogue/vocabularies";
import { checkInspection, euroNorm, inspectionShape, ownerCount } from "./vehicle-facts-schema";
import { checkWarranty, extrasShape } from "./listing-extras-schema";
import { postalCodeSchema } from "~/features/places/postal-code-schema";
import { formatNumber } from "~/ui/format";

export const MIN_YEAR = 1900;
export const MAX_BRAND_LENGTH = 60;
export const MAX_MODEL_LENGTH = 80;
export const MAX_CITY_LENGTH = 100;
export const MAX_DESCRIPTION_LENGTH = 5_000;
export const MAX_PRICE = 10_000_000;
export const MAX_MILEAGE = 2_000_000;
/** Spec §9: the first-registration input holds at most 7 characters (MM/AAAA). */
export const FIRST_REGISTRATION_MAX_LENGTH = 7;
/** Kept equal to MAX_LISTING_PHOTOS of the schema (not imported: that module is server-side). */
export const MAX_PHOTOS = 20;


/** Read at validation time, not at import: a long-running server crosses New Year's Eve. */
function currentYear(): number {
  return new Date().getFullYear();
}

function issue(ctx: z.RefinementCtx, message: string): typeof z.NEVER {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
}

/** Required free text: trimmed, non-empty, bounded. */
function requiredText(messages: { required: string; tooLong: string }, max: number) {
  return z.unknown().transform((value, ctx) => {
    if (typeof value !== "string") return issue(ctx, messages.required);
    // Browsers submit textarea line breaks as \r\n but count them as one character.
    const text = value.replace(/\r\n?/g, "\n").trim();
    if (text === "") return issue(ctx, messages.required);
    if (text.length > max) return issue(ctx, messages.tooLong);
    return text;
  });
}

/**
 * A whole number typed digits-only (spec §5) or sent as a JSON number. Spaces are
 * tolerated so "45 000" (French thousands separator, also narrow no-break space) reads
 * as 45000; signs, decimals and exponents are not.
 */
function digitsInteger(
  messages: { required: string; invalid: string; range: string; tooSmall?: string; tooLarge?: string },
  min: number,
  max: number,
) {
  return z.unknown().transform((value, ctx) => {
    let n: number;
    if (typeof value === "number") {
      if (!Number.isSafeInteger(value)) return issue(ctx, messages.invalid);
      n = value;
    } else if (typeof value === "string") {
      const digits = value.replace(/[\s\u00a0\u202f]/g, "");
      if (digits === "") return issue(ctx, messages.required);
      if (!/^\d{1,15}$/.test(digits)) return issue(ctx, messages.invalid);
      n = Number(digits);
    } else {
      return issue(ctx, messages.required);
    }
    if (n < min) return issue(ctx, messages.tooSmall ?? messages.range);
    if (n > max) return issue(ctx, messages.tooLarge ?? messages.range);
    return n;
  });
}

/** One of a canonical vocabulary (GUIDE §6.4), case/accent-insensitive, stored canonically. */
function vocabulary<T extends string>(list: readonly T[], messages: { required: string; invalid: string }) {
  return z.unknown().transform((value, ctx): T => {
    if (typeof value !== "string" || value.trim() === "") return issue(ctx, messages.required);
    return canonicalOption(list, value) ?? issue(ctx, messages.invalid);
  });
}

/** A coordinate set by choosing a postal-code suggestion (numbers, or numeric strings from a form). */
function coordinate(limit: 90 | 180, messages: { required: string; range: string }) {
  return z.unknown().transform((value, ctx) => {
    let n: number;
    if (typeof value === "number") n = value;
    else if (typeof value === "string" && value.trim() !== "") n = Number(value.trim());
    else return issue(ctx, messages.required);
    if (!Number.isFinite(n) || n < -limit || n > limit) return issue(ctx, messages.range);
    return n;
  });
}

const brand = requiredText(
  {
    required: "La marque est obligatoire.",
    tooLong: `La marque ne doit pas dépasser ${MAX_BRAND_LENGTH} caractères.`,
  },
  MAX_BRAND_LENGTH,
);

const model = requiredText(
  {
    required: "Le modèle est obligatoire.",
    tooLong: `Le modèle ne doit pas dépasser ${MAX_MODEL_LENGTH} caractères.`,
  },
  MAX_MODEL_LENGTH,
);

const year = z.unknown().transform((value, ctx) => {
  const max = currentYear();
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (text === "") return issue(ctx, "L'année est obligatoire.");
  const n = /^\d{4}$/.test(text) ? Number(text) : Number.NaN;
  if (!(n >= MIN_YEAR && n <= max)) return issue(ctx, `L'année doit être comprise entre ${MIN_YEAR} et ${max}.`);
  return n;
});

/** MM/AAAA with a real month, from 1900, and not after the current month. */
const firstRegistration = z.unknown().transform((value, ctx) => {
  const text = typeof value === "string" ? value.trim() : "";
  if (text === "") return issue(ctx, "La date de première mise en circulation est obligatoire.");
  const match = /^(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return issue(ctx, "La date de première mise en circulation doit être au format MM/AAAA.");
  const month = Number(match[1]);
  const yearPart = Number(match[2]);
  if (month < 1 || month > 12) return issue(ctx, "Le mois doit être compris entre 01 et 12.");
  if (yearPart < MIN_YEAR) {
    return issue(ctx, `La date de première mise en circulation ne peut pas être antérieure à ${MIN_YEAR}.`);
  }
  const now = new Date();
  if (yearPart * 12 + month > now.getFullYear() * 12 + now.getMonth() + 1) {
    return issue(ctx, "La date de première mise en circulation ne peut pas être dans le futur.");
  }
  return text;
});

/** Spec §4: a first registration before the model year is impossible. */
function checkRegistrationAfterYear(data: { year: number; firstRegistration: string }, ctx: z.RefinementCtx): void {
  const registrationYear = Number(data.firstRegistration.slice(3));
  if (registrationYear < data.year) {
    ctx.addIssue({
      code: "custom",
      path: ["firstRegistration"],
      message: "La date de première mise en circulation ne peut pas précéder l'année du modèle.",
    });
  }
}

/**
 * Zod skips object refinements once any field failed; the submission form should still show
 * this error next to the others, so it runs whenever the two fields it reads are valid.
 */
const registrationCheckParams = {
  when: (payload: z.core.ParsePayload) =>
    !payload.issues.some((i) => i.path?.[0] === "year" || i.path?.[0] === "firstRegistration"),
};

/** The contrôle technique's date and result are checked together once each is valid on its own. */
const inspectionCheckParams = {
  when: (payload: z.core.ParsePayload) =>
    !payload.issues.some((i) => ["inspectionDate", "inspectionResult", "firstRegistration"].includes(String(i.path?.[0]))),
};

/** The warranty's months and kind are checked together once each is valid on its own. */
const warrantyCheckParams = {
  when: (payload: z.core.ParsePayload) =>
    !payload.issues.some((i) => ["warrantyMonths", "warrantyKind"].includes(String(i.path?.[0]))),
};

const step1Shape = { brand, model };

const step2Shape = { year, firstRegistration };

const step3Shape = {
  vehicleType: vocabulary(VEHICLE_TYPES, {
    required: "Le type de véhicule est obligatoire.",
    invalid: "Choisissez un type de véhicule dans la liste.",
  }),
  fuel: vocabulary(FUELS, {
    required: "L'énergie est obligatoire.",
    invalid: "Choisissez une énergie dans la liste.",
  }),
  gearbox: vocabulary(GEARBOXES, {
    required: "La boîte de vitesses est obligatoire.",
    invalid: "Choisissez une boîte de vitesses dans la liste.",
  }),
  fiscalPower: digitsInteger(
    {
      required: "La puissance fiscale est obligatoire.",
      invalid: "La puissance fiscale doit être un nombre entier (chiffres uniquement).",
      range: "La puissance fiscale doit être comprise entre 1 et 100 CV.",
    },
    1,
    100,
  ),
  dinPower: digitsInteger(
    {
      required: "La puissance DIN est obligatoire.",
      invalid: "La puissance DIN doit être un nombre entier (chiffres uniquement).",
      range: `La puissance DIN doit être comprise entre 1 et ${formatNumber(2000)} ch.`,
    },
    1,
    2000,
  ),
  mileage: digitsInteger(
    {
      required: "Le kilométrage est obligatoire.",
      invalid: "Le kilométrage doit être un nombre entier (chiffres uniquement).",
      range: `Le kilométrage doit être compris entre 0 et ${formatNumber(MAX_MILEAGE)} km.`,
    },
    0,
    MAX_MILEAGE,
  ),
  licenseStatus: vocabulary(LICENSE_STATUSES, {
    required: "Le type de permis est obligatoire.",
    invalid: "Choisissez « Permis » ou « Sans permis ».",
  }),
  // Optional (issue 34): with it the Crit'Air class follows the standard, without it the date.
  euroNorm,
};

const step4Shape = {
  doors: digitsInteger(
    {
      required: "Le nombre de portes est obligatoire.",
      invalid: "Le nombre de portes doit être un nombre entier (chiffres uniquement).",
      range: "Le nombre de portes doit être compris entre 1 et 9.",
    },
    1,
    9,
  ),
  seats: digitsInteger(
    {
      required: "Le nombre de places est obligatoire.",
      invalid: "Le nombre de places doit être un nombre entier (chiffres uniquement).",
      range: "Le nombre de places doit être compris entre 1 et 99.",
    },
    1,
    99,
  ),
  color: vocabulary(COLORS, {
    required: "La couleur est obligatoire.",
    invalid: "Choisissez une couleur dans la liste.",
  }),
  vehicleCondition: vocabulary(VEHICLE_CONDITIONS, {
    required: "L'état du véhicule est obligatoire.",
    invalid: "Choisissez « Non endommagé » ou « Endommagé ».",
  }),
  // Optional (issue 34): the last contrôle technique and the number of owners.
  ...inspectionShape,
  ownerCount,
  // Issue 34, second slice (decision 0043): equipment, service history, non-smoker, warranty, HistoVec.
  ...extrasShape,
};

const description = requiredText(
  {
    required: "La description est obligatoire.",
    tooLong: `La description ne doit pas dépasser ${formatNumber(MAX_DESCRIPTION_LENGTH)} caractères.`,
  },
  MAX_DESCRIPTION_LENGTH,
);

const step5Shape = { description };

const step6Shape = {
  city: requiredText(
    {
      required: "La ville est obligatoire : choisissez une commune dans la liste.",
      tooLong: `La ville ne doit pas dépasser ${MAX_CITY_LENGTH} caractères.`,
    },
    MAX_CITY_LENGTH,
  ),
  // A number would lose the leading zero of 01000 (GUIDE §6.1): only text is accepted.
  postalCode: z.preprocess((value) => (typeof value === "string" ? value : ""), postalCodeSchema),
  latitude: coordinate(90, {
    required: "Choisissez une commune dans la liste pour situer le véhicule.",
    range: "La latitude doit être comprise entre -90 et 90.",
  }),
  longitude: coordinate(180, {
    required: "Choisissez une commune dans la liste pour situer le véhicule.",
    range: "La longitude doit être comprise entre -180 et 180.",
  }),
};

const step7Schema = z.object({
  photoCount: z
    .number()
    .int()
    .min(1, "Ajoutez au moins une photo.")
    .max(MAX_PHOTOS, `Vous ne pouvez pas ajouter plus de ${MAX_PHOTOS} photos.`),
});

const PRICE_MESSAGE = "Le prix doit être un nombre supérieur ou égal à 1.";
const price = digitsInteger(
  {
    required: PRICE_MESSAGE,
    invalid: "Le prix doit être un nombre entier d'euros (chiffres uniquement).",
    range: `Le prix doit être compris entre 1 et ${formatNumber(MAX_PRICE)} €.`,
    tooSmall: PRICE_MESSAGE,
    tooLarge: `Le prix ne peut pas dépasser ${formatNumber(MAX_PRICE)} €.`,
  },
  1,
  MAX_PRICE,
);

const step8Shape = { price };

export const step1Schema = z.object(step1Shape);
export const step2Schema = z.object(step2Shape).superRefine(checkRegistrationAfterYear, registrationCheckParams);
export const step3Schema = z.object(step3Shape);
/**
 * Step 4 also reads the first registration (step 2's, sent back by the form and replaced by
 * the stored one on the server) to check the contrôle technique against the vehicle's age; it
 * is not one of the step's fields and is never written by it.
 */
export const step4Schema = z
  .object({ ...step4Shape, firstRegistration: z.unknown().optional(), sellerKind: z.unknown().optional() })
  .superRefine(checkInspection, inspectionCheckParams)
  .superRefine(checkWarranty, warrantyCheckParams);
export const step5Schema = z.object(step5Shape);
export const step6Schema = z.object(step6Shape);
export { step7Schema };
export const step8Schema = z.object(step8Shape);

/** One schema per wizard step; step 7 (photos) is checked by the number of stored photos. */
export const STEP_SCHEMAS = {
  1: step1Schema,
  2: step2Schema,
  3: step3Schema,
  4: step4Schema,
  5: step5Schema,
  6: step6Schema,
  7: step7Schema,
  8: step8Schema,
} as const;

export type WizardStep = keyof typeof STEP_SCHEMAS;
export const WIZARD_STEPS: readonly WizardStep[] = [1, 2, 3, 4, 5, 6, 7, 8];
export const LAST_WIZARD_STEP: WizardStep = 8;

export function isWizardStep(value: unknown): value is WizardStep {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 8;
}

export type StepValues<S extends WizardStep> = z.output<(typeof STEP_SCHEMAS)[S]>;

/** Which step shows each field, so a submission error can send the seller back to it. */
export const STEP_FIELDS = {
  1: Object.keys(step1Shape),
  2: Object.keys(step2Shape),
  3: Object.keys(step3Shape),
  4: Object.keys(step4Shape),
  5: Object.keys(step5Shape),
  6: Object.keys(step6Shape),
  7: ["photoCount"],
  8: Object.keys(step8Shape),
} as const satisfies Record<WizardStep, readonly string[]>;

export function stepOfField(field: string): WizardStep | undefined {
  return WIZARD_STEPS.find((step) => (STEP_FIELDS[step] as readonly string[]).includes(field));
}

/** Everything the final 'Publier l'annonce' needs, except photos (counted by the server). */
export const fullListingSchema = z
  .object({
    ...step1Shape,
    ...step2Shape,
    ...step3Shape,
    ...step4Shape,
    ...step5Shape,
    ...step6Shape,
    ...step8Shape,
    sellerKind: z.unknown().optional(),
  })
  .superRefine(checkRegistrationAfterYear, registrationCheckParams)
  .superRefine(checkInspection, inspectionCheckParams)
  .superRefine(checkWarranty, warrantyCheckParams);

export type FullListingValues = z.output<typeof fullListingSchema>;

/**
 * 'Modifier mon annonce' (spec §2): brand, model, price and location are required; the
 * description and mileage may be edited too (issue 4) and are left unchanged when absent.
 * Unknown keys (ownerId, status, counters…) are dropped: nothing else can be assigned.
 */
export const editListingSchema = z
  .object({
    ...step1Shape,
    ...step8Shape,
    ...step6Shape,
    description: description.optional(),
    mileage: step3Shape.mileage.optional(),
    // Issue 34: the facts of the wizard's steps 3 and 4, edited together when the form sends them.
    euroNorm: euroNorm.optional(),
    inspectionDate: inspectionShape.inspectionDate.optional(),
    inspectionResult: inspectionShape.inspectionResult.optional(),
    ownerCount: ownerCount.optional(),
    ...extrasShape,
    /** Not edited here: the stored ones (updateListing sets them) to check the inspection against. */
    firstRegistration: z.unknown().optional(),
    storedInspectionResult: z.unknown().optional(),
    /** The seller's kind (updateListing sets the stored one): a warranty's kind is a professional's. */
    sellerKind: z.unknown().optional(),
  })
  .superRefine(checkInspection, inspectionCheckParams)
  .superRefine(checkWarranty, warrantyCheckParams);

export type EditListingValues = z.output<typeof editListingSchema>;

export { fieldErrors } from "~/ui/form-errors";

/**
 * Spec §5 input rule for the first registration: keep digits only, insert a slash after two
 * digits (the month), at most 7 characters. `previous` is the value before this keystroke:
 * when the seller is deleting, the slash is not put back, so Backspace after "01/" leaves
 * "01" and the next one "0" (each press removes one visible character).
 */
export function formatFirstRegistrationInput(raw: string, previous = ""): string {
  const digits = raw.replace(/\D/g, "").slice(0, FIRST_REGISTRATION_MAX_LENGTH - 1);
  if (digits.length < 2) return digits;
  if (digits.length === 2) {
    const deleting = raw.length < previous.length;
    return deleting && !/^\d\d\//.test(raw) ? digits : `${digits}/`;
  }
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/**
 * Reads the 'Je suis un professionnel' form (server side): every problem at once, each for its
 * field, in French, like the sign-up dialog. The place (city, coordinates) and the SIRET's
 * uniqueness are checked by the service against the database.
 */
import { phoneSchema } from "~/features/account/profile-schemas";
import { POSTAL_CODE_MESSAGE, parsePostalCode } from "~/features/places/postal-code";
import { formatNumber } from "~/ui/format";
import { checkSiret } from "./siret";
import { MAX_RANGES_PER_DAY, WEEKDAYS, openingHoursProblem, type OpeningHours, type TimeRange } from "./opening-hours";
import { PRO_ADDRESS_MAX, PRO_COMPANY_NAME_MAX, PRO_PRESENTATION_MAX } from "./pro-status";

export interface ProProfileInput {
  companyName: string;
  siret: string;
  addressLine: string;
  postalCode: string;
  city: string;
  phone: string;
  openingHours: OpeningHours;
  presentation: string | null;
  /** '' = no logo; else the JSON reference the logo upload answered ({ key, widths }). */
  logo: string;
}

export type ProProfileParse = { ok: true; input: ProProfileInput } | { ok: false; errors: Record<string, string> };

// Zero-width spaces and joiners, bidi marks and isolates, soft hyphen, BOM, word joiner.
const INVISIBLE = /[\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** One line of text: invisible characters removed, spaces joined, trimmed. */
export function cleanLine(value: string): string {
  return value.normalize("NFC").replace(INVISIBLE, "").replace(/[\s\u00a0\u202f]+/g, " ").trim();
}

/** The form field names of one day's hours (`day` 0 = lundi). */
export const hoursFieldNames = (day: number) => ({
  closed: `closed-${day}`,
  opens: (range: number) => `opens-${day}-${range}`,
  closes: (range: number) => `closes-${day}-${range}`,
});

/** A day's hours from the form, and the day's problem if any (the message names the day). */
function readDay(form: (name: string) => string, day: number): { ranges: TimeRange[]; problem: string | null } {
  const names = hoursFieldNames(day);
  const dayName = WEEKDAYS[day]!;
  if (form(names.closed) !== "") return { ranges: [], problem: null };
  const ranges: TimeRange[] = [];
  for (let r = 0; r < MAX_RANGES_PER_DAY; r++) {
    const opens = form(names.opens(r)).trim();
    const closes = form(names.closes(r)).trim();
    if (opens === "" && closes === "") continue;
    if (opens === "" || closes === "") {
      return { ranges, problem: `Le ${dayName} : indiquez l'heure d'ouverture et l'heure de fermeture de chaque plage.` };
    }
    ranges.push({ opens, closes });
  }
  if (ranges.length === 0) {
    return { ranges, problem: `Le ${dayName} : indiquez vos horaires, ou cochez « Fermé ».` };
  }
  // openingHoursProblem checks a week: this day alone, the others closed, names this day.
  const week: OpeningHours = WEEKDAYS.map((_, i) => (i === day ? ranges : []));
  return { ranges, problem: openingHoursProblem(week) };
}

export function parseProProfileForm(formData: FormData): ProProfileParse {
  const form = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  const errors: Record<string, string> = {};

  const companyName = cleanLine(form("companyName"));
  if (companyName.length < 2) errors.companyName = "Indiquez la raison sociale de votre entreprise (2 caractères au moins).";
  else if ([...companyName].length > PRO_COMPANY_NAME_MAX) {
    errors.companyName = `La raison sociale ne peut pas dépasser ${PRO_COMPANY_NAME_MAX} caractères.`;
  } else if (!/\p{L}/u.test(companyName) || /[<>]/.test(companyName) || CONTROL.test(companyName)) {
    errors.companyName = "La raison sociale contient des caractères non autorisés.";
  }

  const siret = checkSiret(form("siret"));
  if (!siret.ok) errors.siret = siret.message;

  const addressLine = cleanLine(form("addressLine"));
  if (addressLine.length < 3) errors.addressLine = "Indiquez le numéro et la rue de votre établissement.";
  else if ([...addressLine].length > PRO_ADDRESS_MAX) errors.addressLine = `L'adresse ne peut pas dépasser ${PRO_ADDRESS_MAX} caractères.`;
  else if (/[<>]/.test(addressLine) || CONTROL.test(addressLine)) errors.addressLine = "L'adresse contient des caractères non autorisés.";

  const postalCode = parsePostalCode(form("postalCode"));
  const city = cleanLine(form("city"));
  if (!postalCode) errors.postalCode = form("postalCode").trim() === "" ? "Indiquez le code postal de votre établissement." : POSTAL_CODE_MESSAGE;
  else if (!city) errors.postalCode = "Choisissez votre commune dans la liste proposée sous le code postal.";

  const rawPhone = form("phone");
  const phone = phoneSchema.safeParse(rawPhone.slice(0, 40));
  if (rawPhone.trim() === "") errors.phone = "Indiquez le numéro de téléphone de votre établissement.";
  else if (!phone.success || !phone.data) errors.phone = phone.success ? "Numéro de téléphone invalide." : phone.error.issues[0]!.message;

  const openingHours: OpeningHours = [];
  WEEKDAYS.forEach((_, day) => {
    const { ranges, problem } = readDay(form, day);
    openingHours.push(ranges);
    if (problem) errors[`hours-${day}`] = problem;
  });

  const presentation = form("presentation").normalize("NFC").replace(INVISIBLE, "").replace(/\r\n?/g, "\n").trim();
  if ([...presentation].length > PRO_PRESENTATION_MAX) {
    errors.presentation = `La présentation ne peut pas dépasser ${formatNumber(PRO_PRESENTATION_MAX)} caractères : raccourcissez-la.`;
  } else if (CONTROL.test(presentation)) {
    errors.presentation = "La présentation contient des caractères non autorisés.";
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      companyName,
      siret: siret.ok ? siret.siret : "",
      addressLine,
      postalCode: postalCode!,
      city,
      phone: phone.success && phone.data ? phone.data : "",
      openingHours,
      presentation: presentation || null,
      logo: form("logo").trim(),
    },
  };
}

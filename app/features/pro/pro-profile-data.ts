import type { OpeningHours } from "./opening-hours";
import type { ProStatusValue } from "./pro-status";

/** What the 'Je suis un professionnel' page shows of the owner's profile (no server code). */
export interface OwnProProfile {
  slug: string;
  companyName: string;
  siret: string;
  addressLine: string;
  postalCode: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
  /** '04 78 12 34 56' (formatted on the server: the page ships no schema library). */
  phoneDisplay: string;
  openingHours: OpeningHours;
  presentation: string | null;
  status: ProStatusValue;
  refusalReason: string | null;
  submittedAt: string;
  verifiedAt: string | null;
  /** `ref` goes back with the form to keep the logo. */
  logo: { ref: string; src: string; srcSet: string } | null;
}

/** What the page's action answers. */
export type ProProfileActionResult =
  | { ok: string; status: ProStatusValue }
  | { errors: Record<string, string>; values: Record<string, string> };

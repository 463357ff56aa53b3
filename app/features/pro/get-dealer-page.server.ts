import { and, eq, isNull } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { proProfiles, user } from "~/db/schema";
import { variantKey } from "~/features/listings/photo-variants";
import { searchListings } from "~/features/search/search-listings.server";
import type { SearchFilters } from "~/features/search/search-params";
import type { SearchResult } from "~/features/search/search-types";
import { AppError } from "~/server/app-error";
import type { Storage } from "~/server/storage.server";
import { formatSiret } from "./siret";
import { describeDay, isOpenAt, parisWeekMinute, WEEKDAYS, type OpeningHours } from "./opening-hours";

export const DEALER_NOT_FOUND = "Ce professionnel n'a pas de page sur Occazio.";

const MONTHS = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"];
const PARIS_MONTH = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Paris", year: "numeric", month: "numeric" });

/** 'mars 2023' (Paris time), computed on the server (no Intl while a page loads, decision 0025). */
export function monthYear(date: Date): string {
  const parts = PARIS_MONTH.formatToParts(date);
  const month = Number(parts.find((p) => p.type === "month")?.value ?? 1);
  return `${MONTHS[month - 1]} ${parts.find((p) => p.type === "year")?.value ?? ""}`;
}

/** What the dealer page shows (app/features/pro/dealer-page.tsx). */
export interface DealerPageData {
  slug: string;
  companyName: string;
  siret: string;
  /** '732 829 320 00074', as INSEE prints it. */
  siretFormatted: string;
  addressLine: string;
  postalCode: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
  /** 'lundi' … 'dimanche' with '9 h – 12 h, 14 h – 19 h' or 'Fermé'; `today` marks the current Paris day. */
  hours: { day: string; text: string; today: boolean }[];
  openingHours: OpeningHours;
  /** Computed in Europe/Paris when the page is rendered. */
  openNow: boolean;
  logo: { src: string; srcSet: string } | null;
  presentation: string | null;
  /** 'mars 2023'. */
  memberSince: string;
  hasPhone: boolean;
}

/**
 * A verified professional's public profile by its slug. Pending, refused or suspended
 * professionals, suspended accounts and unknown slugs are "not found" for everybody: the page
 * of a seller the moderators have not checked must not look like a shop window.
 */
export async function findVerifiedDealer(db: DbExecutor, slug: string) {
  if (slug.length === 0 || slug.length > 80) return null;
  const [row] = await db
    .select({ pro: proProfiles, createdAt: user.createdAt })
    .from(proProfiles)
    .innerJoin(user, eq(user.id, proProfiles.userId))
    .where(and(eq(proProfiles.slug, slug), eq(proProfiles.status, "verified"), isNull(user.suspendedAt)));
  return row ?? null;
}

export async function getDealerPage(options: {
  db: DbExecutor;
  storage: Storage;
  slug: string;
  filters: SearchFilters;
  now?: Date;
}): Promise<{ dealer: DealerPageData; result: SearchResult; filters: SearchFilters }> {
  const row = await findVerifiedDealer(options.db, options.slug);
  if (!row) throw new AppError("not_found", DEALER_NOT_FOUND);
  const { pro } = row;
  const now = options.now ?? new Date();
  // Its published listings with the search's filters, sort and pages, restricted to this seller.
  const filters: SearchFilters = { ...options.filters, ownerId: pro.userId };
  const result = await searchListings({ db: options.db, storage: options.storage, filters });
  const widths = pro.logoVariantWidths ?? [];
  const logo =
    pro.logoKey && widths.length
      ? {
          src: options.storage.url(variantKey(pro.logoKey, widths.find((w) => w >= 480) ?? widths[widths.length - 1]!)),
          srcSet: widths.map((w) => `${options.storage.url(variantKey(pro.logoKey!, w))} ${w}w`).join(", "),
        }
      : null;
  const parisDay = parisWeekMinute(now).day;
  return {
    dealer: {
      slug: pro.slug,
      companyName: pro.companyName,
      siret: pro.siret,
      siretFormatted: formatSiret(pro.siret),
      addressLine: pro.addressLine,
      postalCode: pro.postalCode,
      city: pro.city,
      latitude: pro.latitude,
      longitude: pro.longitude,
      hours: WEEKDAYS.map((day, i) => ({ day, text: describeDay(pro.openingHours[i] ?? []), today: i === parisDay })),
      openingHours: pro.openingHours,
      openNow: isOpenAt(pro.openingHours, now),
      logo,
      presentation: pro.presentation,
      memberSince: monthYear(row.createdAt),
      hasPhone: pro.phone.trim() !== "",
    },
    result,
    // The page's own links never carry the owner.
    filters: { ...filters, ownerId: undefined },
  };
}

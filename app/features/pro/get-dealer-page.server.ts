import { EQUIPMENT_LABELS } from "~/features/catalogue/equipment";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listings, proProfiles, user } from "~/db/schema";
import { variantKey } from "~/features/listings/photo-variants";
import { searchListings } from "~/features/search/search-listings.server";
import { activeFilterBadges } from "~/features/search/active-filter-badges";
import { resultCountLabel } from "~/features/search/search-meta";
import {
  availableSorts,
  defaultSort,
  MAX_PAGE,
  PAGE_SIZE,
  SORT_LABELS,
  toSearchParams,
  type SearchFilters,
} from "~/features/search/search-params";
import { searchWhere } from "~/features/search/search-where.server";
import type { SearchResult } from "~/features/search/search-types";
import { AppError } from "~/server/app-error";
import type { Storage } from "~/server/storage.server";
import { formatSiret } from "./siret";
import { dealerPath } from "./dealer-seo";
import type { DealerListLinks, DealerPageData } from "./dealer-page-data";
import { describeDay, isOpenAt, parisWeekMinute, WEEKDAYS } from "./opening-hours";

export type { DealerListLinks, DealerPageData };

export const DEALER_NOT_FOUND = "Ce professionnel n'a pas de page sur Occazio.";

const MONTHS = [
  "janvier",
  "février",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "août",
  "septembre",
  "octobre",
  "novembre",
  "décembre",
];
const PARIS_MONTH = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Paris", year: "numeric", month: "numeric" });

/** 'mars 2023' (Paris time), computed on the server (no Intl while a page loads, decision 0025). */
export function monthYear(date: Date): string {
  const parts = PARIS_MONTH.formatToParts(date);
  const month = Number(parts.find((p) => p.type === "month")?.value ?? 1);
  return `${MONTHS[month - 1]} ${parts.find((p) => p.type === "year")?.value ?? ""}`;
}

/**
 * A verified professional's public profile by its slug. Pending, refused or suspended
 * professionals, suspended accounts and unknown slugs are "not found" for everybody: the page
 * of a seller the moderators have not checked must not look like a shop window.
 */
export async function findVerifiedDealer(db: DbExecutor, slug: string) {
  // Slugs are lower-case letters, digits and hyphens (pro-slug.ts): anything else (a NUL
  // byte PostgreSQL refuses in text, upper case, spaces) names no dealer.
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) return null;
  const [row] = await db
    .select({ pro: proProfiles, createdAt: user.createdAt })
    .from(proProfiles)
    .innerJoin(user, eq(user.id, proProfiles.userId))
    .where(and(eq(proProfiles.slug, slug), eq(proProfiles.status, "verified"), isNull(user.suspendedAt)));
  return row ?? null;
}

function hrefAt(path: string, filters: SearchFilters): string {
  const query = toSearchParams({ ...filters, ownerId: undefined }).toString();
  return query ? `${path}?${query}` : path;
}

export function dealerListLinks(
  slug: string,
  filters: SearchFilters,
  result: Pick<SearchResult, "total" | "totalCapped">,
  choices: Pick<DealerListLinks, "brands" | "fuels">,
): DealerListLinks {
  const path = dealerPath(slug);
  const own: SearchFilters = { ...filters, ownerId: undefined };
  return {
    countLabel: resultCountLabel(result.total, result.totalCapped),
    sort: own.sort ?? defaultSort(own),
    sorts: availableSorts(own).map((sort) => ({
      value: sort,
      label: SORT_LABELS[sort],
      href: hrefAt(path, { ...own, sort, page: undefined }),
    })),
    badges: activeFilterBadges(own, EQUIPMENT_LABELS).map((badge) => ({
      key: badge.key,
      label: badge.label,
      href: hrefAt(path, badge.remove),
    })),
    pageBase: hrefAt(path, { ...own, page: undefined }),
    filters: own,
    ...choices,
  };
}

/**
 * The filter form's choices per dealer, kept CHOICES_TTL_MS in this process: reading them groups
 * every published listing of the dealer (5 000 rows for a large one), which the page's list does
 * not need on each view. A new brand shows in the form within a minute.
 */
const CHOICES_TTL_MS = 60_000;
const CHOICES_MAX = 2_000;
const choicesCache = new Map<string, { at: number; value: Promise<Pick<DealerListLinks, "brands" | "fuels">> }>();

function cachedFilterChoices(db: DbExecutor, ownerId: string, now: number) {
  const hit = choicesCache.get(ownerId);
  if (hit && now - hit.at < CHOICES_TTL_MS) return hit.value;
  if (choicesCache.size >= CHOICES_MAX) choicesCache.clear();
  const value = filterChoices(db, ownerId);
  choicesCache.set(ownerId, { at: now, value });
  value.catch(() => choicesCache.delete(ownerId));
  return value;
}

/** The brands and energies of a seller's published listings (listings_published_owner_idx). */
async function filterChoices(db: DbExecutor, ownerId: string): Promise<Pick<DealerListLinks, "brands" | "fuels">> {
  const rows = await db
    .select({ brand: listings.brand, fuel: listings.fuel, n: sql<number>`count(*)::int` })
    .from(listings)
    .where(and(eq(listings.ownerId, ownerId), eq(listings.status, "published")))
    .groupBy(listings.brand, listings.fuel);
  const tally = (key: "brand" | "fuel") => {
    const counts = new Map<string, number>();
    for (const row of rows) if (row[key]) counts.set(row[key]!, (counts.get(row[key]!) ?? 0) + Number(row.n));
    return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => a.value.localeCompare(b.value, "fr"));
  };
  return { brands: tally("brand"), fuels: tally("fuel") };
}

/**
 * A dealer's stock is counted exactly, whatever its size: the search caps its counts at 2 400
 * ("2 400+ annonces") because a broad search over the whole site must stop reading somewhere,
 * but a dealer's published listings are at most a few thousand entries of
 * listings_published_owner_idx. Searches by place or words keep the search's capped count.
 */
async function exactDealerTotal(db: DbExecutor, filters: SearchFilters, result: SearchResult): Promise<SearchResult> {
  if (!result.totalCapped || filters.postalCode || filters.q) return result;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listings)
    .where(searchWhere(filters, undefined));
  const total = Number(row?.n ?? result.total);
  return { ...result, total, totalCapped: false, pageCount: Math.min(MAX_PAGE, Math.ceil(total / PAGE_SIZE)) };
}

export async function getDealerPage(options: {
  db: DbExecutor;
  storage: Storage;
  slug: string;
  filters: SearchFilters;
  now?: Date;
}): Promise<{ dealer: DealerPageData; result: SearchResult; links: DealerListLinks }> {
  const row = await findVerifiedDealer(options.db, options.slug);
  if (!row) throw new AppError("not_found", DEALER_NOT_FOUND);
  const { pro } = row;
  const now = options.now ?? new Date();
  // Its published listings with the search's filters, sort and pages, restricted to this seller.
  const filters: SearchFilters = { ...options.filters, ownerId: pro.userId };
  const [searched, choices] = await Promise.all([
    searchListings({ db: options.db, storage: options.storage, filters }),
    cachedFilterChoices(options.db, pro.userId, Date.now()),
  ]);
  const result = await exactDealerTotal(options.db, filters, searched);
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
    links: dealerListLinks(pro.slug, result.page > 1 ? { ...filters, page: result.page } : filters, result, choices),
  };
}

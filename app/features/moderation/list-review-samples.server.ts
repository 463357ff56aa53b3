import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { listingPhotos, listingReviewSamples, listings, proProfiles } from "~/db/schema";
import { photoUrls } from "~/features/listings/listing-cards.server";
import { listingPath } from "~/features/listings/listing-seo";
import { approvedPhoto } from "~/features/listings/photo-access.server";
import type { Storage } from "~/server/storage.server";
import { formatMileage } from "~/ui/format";
import { MATERIAL_FIELD_LABELS, MATERIAL_FIELDS, shownField } from "./listing-revisions.server";
import type { ReviewSamples } from "./moderation-data";
import { DEFAULT_REVIEW_SAMPLE_PERCENT } from "./review-sampling";
import { requireModerator, type Viewer } from "./moderator.server";

export const REVIEW_SAMPLES_SHOWN = 20;

/** As the revision cards show a field, the mileage in the site's format ('58 000 km'). */
const shown = (field: (typeof MATERIAL_FIELDS)[number], value: unknown) =>
  field === "mileage" && typeof value === "number" ? formatMileage(value) : shownField(field, value);

/**
 * 'Contrôle après publication' (decision 0054): the trusted dealers' listings drawn for review,
 * oldest first, still online (a sold or withdrawn one has nothing left to review), each with
 * its photos buyers see and what its change replaced.
 */
export async function listReviewSamples(options: {
  db: DbExecutor;
  storage: Storage;
  viewer: Viewer | null;
  percent?: number;
}): Promise<ReviewSamples> {
  requireModerator(options.viewer);
  const { db } = options;
  const online = eq(listings.status, "published");
  const [[totals], rows] = await Promise.all([
    db
      .select({ total: count() })
      .from(listingReviewSamples)
      .innerJoin(listings, eq(listings.id, listingReviewSamples.listingId))
      .where(online),
    db
      .select({
        sample: listingReviewSamples,
        listing: listings,
        companyName: proProfiles.companyName,
        trusted: proProfiles.trusted,
      })
      .from(listingReviewSamples)
      .innerJoin(listings, eq(listings.id, listingReviewSamples.listingId))
      .leftJoin(proProfiles, eq(proProfiles.userId, listingReviewSamples.ownerId))
      .where(online)
      .orderBy(asc(listingReviewSamples.sampledAt), asc(listingReviewSamples.listingId))
      .limit(REVIEW_SAMPLES_SHOWN),
  ]);
  const ids = rows.map((r) => r.listing.id);
  const photos = ids.length
    ? await db
        .select()
        .from(listingPhotos)
        .where(and(inArray(listingPhotos.listingId, ids), approvedPhoto))
        .orderBy(asc(listingPhotos.listingId), asc(listingPhotos.position))
    : [];
  return {
    count: totals?.total ?? 0,
    percent: options.percent ?? DEFAULT_REVIEW_SAMPLE_PERCENT,
    items: rows.map(({ sample, listing, companyName, trusted }) => ({
      listingId: listing.id,
      brand: listing.brand,
      model: listing.model,
      year: listing.year,
      city: listing.city,
      path: listingPath(listing),
      kind: sample.kind,
      sampledAt: sample.sampledAt.toISOString(),
      price: listing.price,
      mileage: listing.mileage,
      description: listing.description,
      photos: photos
        .filter((p) => p.listingId === listing.id)
        .map((p) => photoUrls(options.storage, p, listing.status)),
      photosChanged: sample.photosChanged,
      diff: MATERIAL_FIELDS.filter((f) => f in sample.previous && f !== "latitude" && f !== "longitude").map((f) => ({
        field: f,
        label: MATERIAL_FIELD_LABELS[f],
        before: shown(f, sample.previous[f]),
        after: shown(f, listing[f]),
      })),
      dealer: { userId: sample.ownerId, companyName: companyName ?? "Professionnel supprimé", trusted: trusted === 1 },
    })),
  };
}

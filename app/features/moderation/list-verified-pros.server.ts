import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbExecutor } from "~/db/client.server";
import { listingReviewSamples, listings, moderationEvents, proProfiles, user } from "~/db/schema";
import { dealerPath } from "~/features/pro/dealer-seo";
import { formatSiret } from "~/features/pro/siret";
import type { TrustDecision, VerifiedPros } from "./moderation-data";
import { DELETED_USER, requireModerator, type Viewer } from "./moderator.server";

export const VERIFIED_PROS_PAGE_SIZE = 20;

/** `%`, `_` and `\` typed by the moderator are letters, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The 'Professionnels vérifiés' search of the 'Professionnels' tab (decision 0054): the verified
 * professionals by company name, slug, account e-mail or SIRET (spaces ignored), trusted ones
 * only on demand, by name; each with its trust and the last decision about it (who, when, why),
 * its listings online and how the reviews of its imports went. A page is 20 professionals and
 * four small queries keyed by their ids (the journal through moderation_events_target_idx).
 */
export async function listVerifiedPros(options: {
  db: DbExecutor;
  viewer: Viewer | null;
  query?: string | null;
  trustedOnly?: boolean;
  page?: number;
}): Promise<VerifiedPros> {
  const viewer = requireModerator(options.viewer);
  const { db } = options;
  const query = (options.query ?? "").replace(/\s+/g, " ").trim().slice(0, 100);
  const trustedOnly = options.trustedOnly === true;
  const where: SQL[] = [eq(proProfiles.status, "verified")];
  if (trustedOnly) where.push(eq(proProfiles.trusted, 1));
  if (query) {
    const digits = query.replace(/\s/g, "");
    const pattern = likePattern(query);
    where.push(
      or(
        ilike(proProfiles.companyName, pattern),
        ilike(proProfiles.slug, pattern),
        ilike(user.email, pattern),
        ...(/^\d{3,14}$/.test(digits) ? [sql`${proProfiles.siret} like ${`${digits}%`}`] : []),
      )!,
    );
  }
  const filter = and(...where);
  const [[totals], [trustedTotal]] = await Promise.all([
    db.select({ total: count() }).from(proProfiles).innerJoin(user, eq(user.id, proProfiles.userId)).where(filter),
    db
      .select({ total: count() })
      .from(proProfiles)
      .where(and(eq(proProfiles.status, "verified"), eq(proProfiles.trusted, 1))),
  ]);
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / VERIFIED_PROS_PAGE_SIZE));
  const page = Math.min(pageCount, Math.max(1, Math.trunc(options.page ?? 1) || 1));
  const rows = await db
    .select({
      userId: proProfiles.userId,
      companyName: proProfiles.companyName,
      slug: proProfiles.slug,
      siret: proProfiles.siret,
      postalCode: proProfiles.postalCode,
      city: proProfiles.city,
      trusted: proProfiles.trusted,
      verifiedAt: proProfiles.verifiedAt,
      email: user.email,
      username: user.username,
    })
    .from(proProfiles)
    .innerJoin(user, eq(user.id, proProfiles.userId))
    .where(filter)
    .orderBy(asc(proProfiles.companyName), asc(proProfiles.userId))
    .limit(VERIFIED_PROS_PAGE_SIZE)
    .offset((page - 1) * VERIFIED_PROS_PAGE_SIZE);
  const base = {
    count: total,
    trustedCount: trustedTotal?.total ?? 0,
    page,
    pageCount,
    filters: { query, trustedOnly },
  };
  if (rows.length === 0) return { ...base, items: [] };
  const ids = rows.map((r) => r.userId);
  const moderator = alias(user, "moderator");
  const [decisions, reviews, waiting, published] = await Promise.all([
    db
      .select({
        userId: moderationEvents.targetUserId,
        action: moderationEvents.action,
        at: moderationEvents.createdAt,
        moderator: moderator.username,
        moderatorId: moderationEvents.moderatorId,
        reason: moderationEvents.reasonText,
      })
      .from(moderationEvents)
      .leftJoin(moderator, eq(moderator.id, moderationEvents.moderatorId))
      .where(
        and(
          inArray(moderationEvents.targetUserId, ids),
          inArray(moderationEvents.action, ["pro_trusted", "pro_untrusted"]),
        ),
      )
      .orderBy(desc(moderationEvents.createdAt), desc(moderationEvents.id)),
    db
      .select({ userId: moderationEvents.targetUserId, action: moderationEvents.action, n: count() })
      .from(moderationEvents)
      .where(
        and(
          inArray(moderationEvents.targetUserId, ids),
          inArray(moderationEvents.action, ["sample_confirmed", "sample_removed"]),
        ),
      )
      .groupBy(moderationEvents.targetUserId, moderationEvents.action),
    db
      .select({ userId: listingReviewSamples.ownerId, n: count() })
      .from(listingReviewSamples)
      .innerJoin(listings, eq(listings.id, listingReviewSamples.listingId))
      .where(and(inArray(listingReviewSamples.ownerId, ids), eq(listings.status, "published")))
      .groupBy(listingReviewSamples.ownerId),
    db
      .select({ userId: listings.ownerId, n: count() })
      .from(listings)
      .where(and(inArray(listings.ownerId, ids), eq(listings.status, "published")))
      .groupBy(listings.ownerId),
  ]);
  const lastDecision = new Map<string, TrustDecision>();
  for (const d of decisions) {
    if (!d.userId || lastDecision.has(d.userId)) continue;
    lastDecision.set(d.userId, {
      trusted: d.action === "pro_trusted",
      at: d.at.toISOString(),
      moderator: d.moderatorId ? (d.moderator ?? DELETED_USER) : null,
      reason: d.reason,
    });
  }
  const reviewCount = (userId: string, action: string) =>
    reviews.find((r) => r.userId === userId && r.action === action)?.n ?? 0;
  return {
    ...base,
    items: rows.map((r) => ({
      userId: r.userId,
      companyName: r.companyName,
      siret: formatSiret(r.siret),
      place: `${r.postalCode} ${r.city}`,
      path: dealerPath(r.slug),
      verifiedAt: r.verifiedAt?.toISOString() ?? null,
      trusted: r.trusted === 1,
      lastTrustDecision: lastDecision.get(r.userId) ?? null,
      publishedCount: published.find((p) => p.userId === r.userId)?.n ?? 0,
      reviews: {
        confirmed: reviewCount(r.userId, "sample_confirmed"),
        removed: reviewCount(r.userId, "sample_removed"),
        waiting: waiting.find((w) => w.userId === r.userId)?.n ?? 0,
      },
      account: { email: r.email, username: r.username ?? "?" },
      own: r.userId === viewer.id,
    })),
  };
}

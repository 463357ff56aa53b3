import { MIN_ANSWERED_CONVERSATIONS, responseBucket, trustLines, type SellerTrust } from "./seller-trust-data";

const MONTH_YEAR = new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: "Europe/Paris" });

/** 'mars 2023'. */
export function monthYear(date: Date): string {
  return MONTH_YEAR.format(date);
}

/** The figures from the account and its seller_stats row (null: not computed yet), read by the listing and dealer pages in their own query (left join on the primary key). */
export function sellerTrustOf(
  account: { emailVerified: boolean; createdAt: Date },
  stats: {
    publishedCount: number;
    soldCount: number;
    conversations90d: number;
    answered90d: number;
    medianResponseSeconds: number | null;
  } | null,
): SellerTrust {
  const enough = stats != null && stats.answered90d >= MIN_ANSWERED_CONVERSATIONS && stats.conversations90d > 0;
  const figures = {
    emailVerified: account.emailVerified,
    memberSince: monthYear(account.createdAt),
    publishedCount: stats?.publishedCount ?? 0,
    soldCount: stats?.soldCount ?? 0,
    responseWithin: enough ? responseBucket(stats.medianResponseSeconds) : null,
    responseRatePercent: enough ? Math.round((100 * stats.answered90d) / stats.conversations90d) : null,
  };
  return { ...figures, lines: trustLines(figures) };
}


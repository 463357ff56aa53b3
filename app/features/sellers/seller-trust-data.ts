/**
 * The trust figures of a seller as buyers read them (issue 33): computed from what the site
 * knows (seller_stats, kept by the 'seller-stats' job), never typed by the seller. Plain data
 * and pure helpers used on the server (the page component only renders `lines`).
 */
export interface SellerTrust {
  emailVerified: boolean;
  /** 'mars 2023' (month and year, French, Europe/Paris). */
  memberSince: string;
  publishedCount: number;
  soldCount: number;
  /** 'Répond en général en moins de …': null below the threshold or beyond 24 h. */
  responseWithin: ResponseBucket | null;
  /** 'Taux de réponse : 92 %': null below the threshold. */
  responseRatePercent: number | null;
  /** The lines buyers read (trustLines), made on the server: the page ships no formatting code. */
  lines: string[];
}

export type ResponseBucket = "1 h" | "3 h" | "24 h";

/** Response figures are shown once the seller answered this many conversations in the last 90 days. */
export const MIN_ANSWERED_CONVERSATIONS = 3;

/** The shortest bucket the median first-reply time fits in; beyond 24 h nothing is claimed. */
export function responseBucket(medianSeconds: number | null): ResponseBucket | null {
  if (medianSeconds == null) return null;
  if (medianSeconds < 3600) return "1 h";
  if (medianSeconds < 3 * 3600) return "3 h";
  if (medianSeconds < 24 * 3600) return "24 h";
  return null;
}

/** The lines of the seller block, in order. */
export function trustLines(trust: Omit<SellerTrust, "lines">): string[] {
  const lines: string[] = [];
  if (trust.emailVerified) lines.push("E-mail vérifié");
  lines.push(`Membre depuis ${trust.memberSince}`);
  lines.push(`${trust.publishedCount} annonce${trust.publishedCount > 1 ? "s" : ""} en ligne`);
  lines.push(`${trust.soldCount} véhicule${trust.soldCount > 1 ? "s" : ""} vendu${trust.soldCount > 1 ? "s" : ""} sur Occazio`);
  if (trust.responseWithin) lines.push(`Répond en général en moins de ${trust.responseWithin}`);
  if (trust.responseRatePercent != null) lines.push(`Taux de réponse : ${trust.responseRatePercent}\u00a0%`);
  return lines;
}

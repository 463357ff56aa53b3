import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database, DbExecutor } from "~/db/client.server";
import {
  conversations,
  listingPhotos,
  listings,
  messages,
  moderationEvents,
  reports,
  user,
  type ModerationAction,
} from "~/db/schema";
import { photoUrls } from "~/features/listings/listing-cards.server";
import type { ListingCardPhoto } from "~/features/listings/listing-card-data";
import { listingPath } from "~/features/listings/listing-seo";
import { AppError } from "~/server/app-error";
import type { EventBus } from "~/server/events.server";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mailer.server";
import type { Storage } from "~/server/storage.server";
import { listingPublishedEmail, listingRejectedEmail, listingRemovedEmail } from "./moderation-emails";
import { emailSeller, tellSellerLive } from "./tell-seller.server";
import {
  CONVERSATION_REPORT_REASONS,
  reasonSentence,
  REJECTION_REASONS,
  REPORT_REASONS,
  type ConversationReportReasonCode,
  type RejectionReasonCode,
  type ReportReasonCode,
} from "./moderation-reasons";
import { isUuid } from "~/db/ids";
import { checkAgainstModel } from "~/features/catalogue/model-specs";

export interface Viewer {
  id: string;
  role: string;
}

/** Moderation does not exist for other users: they get "not found", not "forbidden". */
export function requireModerator(viewer: Viewer | null | undefined): Viewer {
  if (!viewer || viewer.role !== "moderator") throw new AppError("not_found", "Page introuvable.");
  return viewer;
}

export interface Notifier {
  mailer: Mailer;
  events: EventBus;
  logger: Logger;
  publicUrl: string;
}

/** Contact details in a description: sellers must use the site's messaging and phone button. */
const PHONE_PATTERN = /(?:\+33\s?|0)[1-9](?:[\s.-]?\d{2}){4}/;
const EMAIL_PATTERN = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/i;

export interface QueueItem {
  id: string;
  brand: string;
  model: string;
  year: number | null;
  mileage: number | null;
  price: number | null;
  fuel: string | null;
  gearbox: string | null;
  vehicleType: string | null;
  color: string | null;
  vehicleCondition: string | null;
  firstRegistration: string | null;
  fiscalPower: number | null;
  dinPower: number | null;
  doors: number | null;
  seats: number | null;
  licenseStatus: string | null;
  description: string | null;
  city: string | null;
  postalCode: string | null;
  submittedAt: string | null;
  photos: ListingCardPhoto[];
  seller: { username: string; memberSince: string; published: number; rejected: number; removed: number };
  checks: {
    /** Median price of similar published listings (same brand and model, ±2 years), when known. */
    similarMedianPrice: number | null;
    priceOutlier: boolean;
    contactInDescription: boolean;
    /** Other listings that show one of these very photos (same stored file content). */
    duplicatePhotoListings: number;
    /** Year, energy or body type outside what the catalogue model is (catalogue/model-specs.ts). */
    modelMismatches: string[];
  };
  history: { action: string; reason: string | null; at: string; moderator: string | null }[];
}

/** Pending listings, oldest first (the order they were submitted), with what helps decide. */
export async function listModerationQueue(options: {
  db: DbExecutor;
  storage: Storage;
  viewer: Viewer | null;
  limit?: number;
}): Promise<{ count: number; items: QueueItem[] }> {
  requireModerator(options.viewer);
  const { db } = options;
  const pending = eq(listings.status, "pending");
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(listings).where(pending);
  const rows = await db
    .select({ listing: listings, seller: { id: user.id, username: user.username, createdAt: user.createdAt } })
    .from(listings)
    .innerJoin(user, eq(user.id, listings.ownerId))
    .where(pending)
    .orderBy(asc(listings.submittedAt), asc(listings.id))
    .limit(options.limit ?? 50);
  const ids = rows.map((r) => r.listing.id);
  const sellerIds = [...new Set(rows.map((r) => r.seller.id))];
  const [photos, sellerStats, history] = await Promise.all([
    ids.length
      ? db
          .select()
          .from(listingPhotos)
          .where(inArray(listingPhotos.listingId, ids))
          .orderBy(asc(listingPhotos.position))
      : [],
    sellerIds.length
      ? db
          .select({ ownerId: listings.ownerId, status: listings.status, n: sql<number>`count(*)::int` })
          .from(listings)
          .where(inArray(listings.ownerId, sellerIds))
          .groupBy(listings.ownerId, listings.status)
      : [],
    ids.length ? listingHistoryRows(db, ids) : [],
  ]);
  const items: QueueItem[] = [];
  for (const { listing, seller } of rows) {
    const own = photos.filter((p) => p.listingId === listing.id);
    const stats = (status: string) => sellerStats.find((s) => s.ownerId === seller.id && s.status === status)?.n ?? 0;
    const median = listing.year && listing.price ? await similarMedianPrice(db, listing) : null;
    const duplicates = own.length
      ? await duplicatePhotoListings(
          db,
          listing.id,
          own.map((p) => p.contentHash).filter((h): h is string => Boolean(h)),
        )
      : 0;
    items.push({
      id: listing.id,
      brand: listing.brand,
      model: listing.model,
      year: listing.year,
      mileage: listing.mileage,
      price: listing.price,
      fuel: listing.fuel,
      gearbox: listing.gearbox,
      vehicleType: listing.vehicleType,
      color: listing.color,
      vehicleCondition: listing.vehicleCondition,
      firstRegistration: listing.firstRegistration,
      fiscalPower: listing.fiscalPower,
      dinPower: listing.dinPower,
      doors: listing.doors,
      seats: listing.seats,
      licenseStatus: listing.licenseStatus,
      description: listing.description,
      city: listing.city,
      postalCode: listing.postalCode,
      submittedAt: listing.submittedAt?.toISOString() ?? null,
      photos: own.map((p) => photoUrls(options.storage, p, listing.status)),
      seller: {
        username: seller.username ?? "?",
        memberSince: seller.createdAt.toISOString(),
        published: stats("published") + stats("sold"),
        rejected: stats("rejected"),
        removed: history.filter((h) => h.action === "removed").length,
      },
      checks: {
        similarMedianPrice: median,
        priceOutlier:
          median !== null && listing.price !== null && (listing.price < median * 0.5 || listing.price > median * 2),
        contactInDescription:
          PHONE_PATTERN.test(listing.description ?? "") || EMAIL_PATTERN.test(listing.description ?? ""),
        duplicatePhotoListings: duplicates,
        modelMismatches: checkAgainstModel(listing),
      },
      history: history
        .filter((h) => h.listingId === listing.id)
        .map((h) => ({ action: h.action, reason: h.reason, at: h.at.toISOString(), moderator: h.moderator })),
    });
  }
  return { count: total, items };
}

async function similarMedianPrice(
  db: DbExecutor,
  listing: { id: string; brand: string; model: string; year: number | null },
): Promise<number | null> {
  const [row] = await db
    .select({
      median: sql<number | null>`percentile_cont(0.5) within group (order by ${listings.price})`,
      n: sql<number>`count(*)::int`,
    })
    .from(listings)
    .where(
      and(
        eq(listings.status, "published"),
        eq(listings.brand, listing.brand),
        eq(listings.model, listing.model),
        sql`${listings.year} between ${(listing.year ?? 0) - 2} and ${(listing.year ?? 0) + 2}`,
        ne(listings.id, listing.id),
      ),
    );
  // Too few comparables say nothing.
  return row && row.n >= 3 && row.median !== null ? Math.round(Number(row.median)) : null;
}

async function duplicatePhotoListings(db: DbExecutor, listingId: string, hashes: string[]): Promise<number> {
  if (hashes.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${listingPhotos.listingId})::int` })
    .from(listingPhotos)
    .where(and(inArray(listingPhotos.contentHash, hashes), ne(listingPhotos.listingId, listingId)));
  return row?.n ?? 0;
}

async function listingHistoryRows(db: DbExecutor, listingIds: string[]) {
  const rows = await db
    .select({
      listingId: moderationEvents.listingId,
      action: moderationEvents.action,
      reasonCode: moderationEvents.reasonCode,
      reasonText: moderationEvents.reasonText,
      at: moderationEvents.createdAt,
      moderator: user.username,
    })
    .from(moderationEvents)
    .leftJoin(user, eq(user.id, moderationEvents.moderatorId))
    .where(inArray(moderationEvents.listingId, listingIds))
    .orderBy(desc(moderationEvents.createdAt));
  return rows.map((r) => ({ ...r, reason: r.reasonText ?? r.reasonCode }));
}

/** A listing's moderation history, for moderators (detail page, queue). */
export async function getListingHistory(options: { db: DbExecutor; viewer: Viewer | null; listingId: string }) {
  requireModerator(options.viewer);
  if (!isUuid(options.listingId)) return [];
  return (await listingHistoryRows(options.db, [options.listingId])).map((h) => ({
    action: h.action,
    reason: h.reason,
    at: h.at.toISOString(),
    moderator: h.moderator,
  }));
}

interface Decided {
  id: string;
  ownerId: string;
  brand: string;
  model: string;
  year: number | null;
  city: string | null;
}

/**
 * Moves a listing from one status to another if, and only if, it is still in the expected
 * one: two moderators acting at once produce one outcome, recorded once.
 */
async function decide(options: {
  db: Database;
  viewer: Viewer;
  listingId: string;
  from: "pending" | "published";
  set: Partial<typeof listings.$inferInsert>;
  action: ModerationAction;
  reasonCode?: string | null;
  reasonText?: string | null;
  /** Runs in the decision's transaction (the seller's e-mail). */
  inTransaction?: (tx: DbExecutor, row: Decided) => Promise<void>;
}): Promise<Decided> {
  if (!isUuid(options.listingId)) throw new AppError("not_found", "Annonce introuvable.");
  return options.db.transaction(async (tx) => {
    const [row] = await tx
      .update(listings)
      .set({ ...options.set, updatedAt: new Date() })
      .where(and(eq(listings.id, options.listingId), eq(listings.status, options.from)))
      .returning({
        id: listings.id,
        ownerId: listings.ownerId,
        brand: listings.brand,
        model: listings.model,
        year: listings.year,
        city: listings.city,
      });
    if (!row) {
      const [current] = await tx
        .select({ status: listings.status })
        .from(listings)
        .where(eq(listings.id, options.listingId));
      if (!current) throw new AppError("not_found", "Annonce introuvable.");
      throw new AppError("conflict", "Cette annonce a déjà été traitée ou n'est pas en attente de validation.");
    }
    await tx.insert(moderationEvents).values({
      listingId: row.id,
      moderatorId: options.viewer.id,
      action: options.action,
      reasonCode: options.reasonCode ?? null,
      reasonText: options.reasonText ?? null,
    });
    await options.inTransaction?.(tx, row);
    return row;
  });
}

export async function validateListing(options: {
  db: Database;
  viewer: Viewer | null;
  listingId: string;
  notifier: Notifier;
}) {
  const viewer = requireModerator(options.viewer);
  const now = new Date();
  const listing = await decide({
    db: options.db,
    viewer,
    listingId: options.listingId,
    from: "pending",
    set: { status: "published", publishedAt: now, rejectionReason: null },
    action: "validated",
    inTransaction: (tx, row) => {
      const url = `${options.notifier.publicUrl}${listingPath(row)}`;
      return emailSeller(options.notifier, tx, row, (name) => listingPublishedEmail({ name, listing: { ...row, url } }), true);
    },
  });
  tellSellerLive(options.notifier, listing);
  return listing;
}

export async function rejectListing(options: {
  db: Database;
  viewer: Viewer | null;
  listingId: string;
  reasonCode: string;
  reasonText?: string;
  notifier: Notifier;
}) {
  const viewer = requireModerator(options.viewer);
  const label = REJECTION_REASONS[options.reasonCode as RejectionReasonCode];
  if (!label)
    throw new AppError("invalid", "Choisissez un motif de refus.", {
      fieldErrors: { reasonCode: "Choisissez un motif de refus." },
    });
  const text = options.reasonText?.trim().slice(0, 1000) || null;
  if (options.reasonCode === "other" && !text) {
    throw new AppError("invalid", "Précisez le motif.", { fieldErrors: { reasonText: "Précisez le motif." } });
  }
  const reason = reasonSentence(label, text);
  const listing = await decide({
    db: options.db,
    viewer,
    listingId: options.listingId,
    from: "pending",
    set: { status: "rejected", rejectionReason: reason },
    action: "rejected",
    reasonCode: options.reasonCode,
    reasonText: text,
    inTransaction: (tx, row) => {
      const editUrl = `${options.notifier.publicUrl}/edit-annonce/${row.id}`;
      return emailSeller(
        options.notifier,
        tx,
        row,
        (name) => listingRejectedEmail({ name, listing: { ...row, url: editUrl }, reason, editUrl }),
        true,
      );
    },
  });
  tellSellerLive(options.notifier, listing);
  return listing;
}

/** 'Signaler l'annonce': anyone may report a published listing (rate-limited by the route). */
export async function reportListing(options: {
  db: DbExecutor;
  reporterId: string | null;
  listingId: string;
  reasonCode: string;
  message?: string;
}): Promise<{ id: string }> {
  if (!REPORT_REASONS[options.reasonCode as ReportReasonCode]) {
    throw new AppError("invalid", "Choisissez un motif de signalement.", {
      fieldErrors: { reasonCode: "Choisissez un motif de signalement." },
    });
  }
  if (!isUuid(options.listingId)) throw new AppError("not_found", "Annonce introuvable.");
  const [listing] = await options.db
    .select({ status: listings.status })
    .from(listings)
    .where(eq(listings.id, options.listingId));
  if (!listing || listing.status !== "published") throw new AppError("not_found", "Annonce introuvable.");
  const [row] = await options.db
    .insert(reports)
    .values({
      listingId: options.listingId,
      reporterId: options.reporterId,
      reasonCode: options.reasonCode,
      message: options.message?.trim().slice(0, 2000) || null,
    })
    .returning({ id: reports.id });
  return { id: row!.id };
}

export async function listOpenReports(options: { db: DbExecutor; viewer: Viewer | null }): Promise<OpenReport[]> {
  requireModerator(options.viewer);
  const buyer = alias(user, "buyer");
  const seller = alias(user, "seller");
  const rows = await options.db
    .select({
      id: reports.id,
      reasonCode: reports.reasonCode,
      message: reports.message,
      createdAt: reports.createdAt,
      listing: {
        id: listings.id,
        brand: listings.brand,
        model: listings.model,
        year: listings.year,
        city: listings.city,
        status: listings.status,
      },
      conversation: {
        id: conversations.id,
        title: conversations.listingTitle,
        buyer: buyer.username,
        seller: seller.username,
      },
    })
    .from(reports)
    .leftJoin(listings, eq(listings.id, reports.listingId))
    .leftJoin(conversations, eq(conversations.id, reports.conversationId))
    .leftJoin(buyer, eq(buyer.id, conversations.buyerId))
    .leftJoin(seller, eq(seller.id, conversations.sellerId))
    .where(eq(reports.status, "open"))
    .orderBy(asc(reports.createdAt))
    .limit(100);
  const conversationIds = rows.map((r) => r.conversation?.id).filter((id): id is string => Boolean(id));
  const recent = await reportedConversationMessages(options.db, conversationIds);
  const result: OpenReport[] = [];
  for (const r of rows) {
    const common = { id: r.id, message: r.message, createdAt: r.createdAt.toISOString() };
    if (r.listing) {
      result.push({
        ...common,
        kind: "listing",
        reason: REPORT_REASONS[r.reasonCode as ReportReasonCode] ?? r.reasonCode,
        listing: r.listing,
        listingPath: listingPath(r.listing),
      });
    } else if (r.conversation?.id) {
      const id = r.conversation.id;
      result.push({
        ...common,
        kind: "conversation",
        reason: CONVERSATION_REPORT_REASONS[r.reasonCode as ConversationReportReasonCode] ?? r.reasonCode,
        conversation: {
          id,
          title: r.conversation.title ?? "",
          buyer: r.conversation.buyer ?? DELETED_USER,
          seller: r.conversation.seller ?? DELETED_USER,
        },
        messages: recent.get(id) ?? [],
      });
    }
  }
  return result;
}

const DELETED_USER = "Utilisateur supprimé";

interface OpenReportBase {
  id: string;
  reason: string;
  message: string | null;
  createdAt: string;
}

export type OpenReport =
  | (OpenReportBase & {
      kind: "listing";
      listing: { id: string; brand: string; model: string; year: number | null; city: string | null; status: string };
      listingPath: string;
    })
  | (OpenReportBase & {
      kind: "conversation";
      conversation: { id: string; title: string; buyer: string; seller: string };
      /** The conversation's last messages, oldest first. */
      messages: { sender: string; body: string; at: string }[];
    });

/** The last messages of reported conversations (oldest first), so moderators can judge. */
async function reportedConversationMessages(db: DbExecutor, conversationIds: string[]) {
  const result = new Map<string, { sender: string; body: string; at: string }[]>();
  if (conversationIds.length === 0) return result;
  const sender = alias(user, "sender");
  const rows = await db
    .select({
      conversationId: messages.conversationId,
      body: messages.body,
      at: messages.createdAt,
      sender: sender.username,
      senderId: messages.senderId,
    })
    .from(messages)
    .leftJoin(sender, eq(sender.id, messages.senderId))
    .where(
      and(
        inArray(messages.conversationId, conversationIds),
        sql`${messages.id} in (select m.id from ${messages} m where m.conversation_id = ${messages.conversationId} order by m.created_at desc limit ${REPORTED_MESSAGES_SHOWN})`,
      ),
    )
    .orderBy(asc(messages.conversationId), asc(messages.createdAt));
  for (const row of rows) {
    const list = result.get(row.conversationId) ?? [];
    list.push({ sender: row.senderId ? (row.sender ?? "?") : DELETED_USER, body: row.body, at: row.at.toISOString() });
    result.set(row.conversationId, list);
  }
  return result;
}

const REPORTED_MESSAGES_SHOWN = 20;

async function closeReport(db: Database, viewer: Viewer, reportId: string, status: "dismissed" | "actioned") {
  if (!isUuid(reportId)) throw new AppError("not_found", "Signalement introuvable.");
  const [row] = await db
    .update(reports)
    .set({ status, handledBy: viewer.id, handledAt: new Date() })
    .where(and(eq(reports.id, reportId), eq(reports.status, "open")))
    .returning({ listingId: reports.listingId, conversationId: reports.conversationId });
  if (!row) throw new AppError("conflict", "Ce signalement a déjà été traité.");
  return row;
}

export async function dismissReport(options: { db: Database; viewer: Viewer | null; reportId: string }) {
  const viewer = requireModerator(options.viewer);
  return options.db.transaction(async (tx) => {
    const report = await closeReport(tx as unknown as Database, viewer, options.reportId, "dismissed");
    // A listing's history records it; a conversation report has no listing history.
    if (report.listingId)
      await tx
        .insert(moderationEvents)
        .values({ listingId: report.listingId, moderatorId: viewer.id, action: "report_dismissed" });
    return report;
  });
}

/** Takes a reported listing down: deleted for the public, the seller told why. */
export async function removeReportedListing(options: {
  db: Database;
  viewer: Viewer | null;
  reportId: string;
  reasonText?: string;
  notifier: Notifier;
}) {
  const viewer = requireModerator(options.viewer);
  const [report] = isUuid(options.reportId)
    ? await options.db
        .select({ listingId: reports.listingId, reasonCode: reports.reasonCode, status: reports.status })
        .from(reports)
        .where(eq(reports.id, options.reportId))
    : [];
  if (!report) throw new AppError("not_found", "Signalement introuvable.");
  if (report.status !== "open") throw new AppError("conflict", "Ce signalement a déjà été traité.");
  if (!report.listingId) throw new AppError("invalid", "Ce signalement concerne une conversation, pas une annonce.");
  const reason = reasonSentence(
    REPORT_REASONS[report.reasonCode as ReportReasonCode] ?? "Signalement",
    options.reasonText,
  );
  const listing = await decide({
    db: options.db,
    viewer,
    listingId: report.listingId,
    from: "published",
    set: { status: "deleted", deletedAt: new Date(), rejectionReason: reason },
    action: "removed",
    reasonCode: report.reasonCode,
    reasonText: options.reasonText?.trim() || null,
    inTransaction: async (tx, row) => {
      // Every open report on this listing is settled by the removal.
      await tx
        .update(reports)
        .set({ status: "actioned", handledBy: viewer.id, handledAt: new Date() })
        .where(and(eq(reports.listingId, row.id), eq(reports.status, "open")));
      const url = `${options.notifier.publicUrl}/hosting`;
      await emailSeller(options.notifier, tx, row, (name) => listingRemovedEmail({ name, listing: { ...row, url }, reason }), false);
    },
  });
  tellSellerLive(options.notifier, listing);
  return listing;
}

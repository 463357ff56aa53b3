import type { MarketEstimate } from "~/features/pricing/price-rating";
import type { ModerationAction } from "~/db/schema";
import type { ListingCardPhoto } from "~/features/listings/listing-card-data";

/** What the moderation services return to the page (no server code here). */

export interface RevisionDiffRow {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** The listing a revision or a price change is about, as the moderation page links it. */
export interface ModeratedListingRef {
  listingId: string;
  brand: string;
  model: string;
  year: number | null;
  city: string | null;
  path: string;
}

export interface RevisionPhoto extends ListingCardPhoto {
  id: string;
  /** Added since the approval, waiting for this decision ('Nouvelle photo', decision 0053). */
  isNew: boolean;
}

export interface PendingRevisionItem extends ModeratedListingRef {
  submittedAt: string;
  diff: RevisionDiffRow[];
  /** Every photo in the seller's order when some are new; empty otherwise. */
  photos: RevisionPhoto[];
}

export interface PriceChangeItem extends ModeratedListingRef {
  oldPrice: number | null;
  newPrice: number | null;
  /** Signed share of the old price: -0.5 is a 50 % drop. */
  change: number;
  changedAt: string;
}

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
  /** Euro standard, Crit'Air, contrôle technique, owners, warranty, equipment…: label → text, null when not given. */
  claims: [label: string, value: string | null][];
  histovecUrl: string | null;
  city: string | null;
  postalCode: string | null;
  submittedAt: string | null;
  photos: ListingCardPhoto[];
  seller: {
    id: string;
    /** The name other members see ('Camille D.'), never the generated handle. */
    name: string;
    /** The professional's company, for a pro's listing. */
    companyName: string | null;
    memberSince: string;
    published: number;
    rejected: number;
    removed: number;
    /** A private seller with more than 5 listings published in 12 months (moderators only). */
    veryActivePrivate: boolean;
  };
  checks: {
    /**
     * The market estimate the published listings are rated with (app/features/pricing): null when
     * the model has fewer than MIN_COMPARABLES published listings (or the listing lacks price,
     * year or mileage), as the detail page says 'Pas assez d'annonces comparables'.
     */
    marketEstimate: MarketEstimate | null;
    /** The price is under half or over twice the estimate's middle ('Très bonne affaire' or 'Prix très élevé' by far). */
    priceOutlier: boolean;
    contactInDescription: boolean;
    /** Other listings that show one of these very photos (same stored file content). */
    duplicatePhotoListings: number;
    /** Year, energy or body type outside what the catalogue model is (catalogue/model-specs.ts). */
    modelMismatches: string[];
  };
  history: { action: string; reason: string | null; at: string; moderator: string | null }[];
}

export interface ModerationQueue {
  /** Every pending listing. */
  count: number;
  /** 1-based, clamped to the last page. */
  page: number;
  pageCount: number;
  pageSize: number;
  /** Pending listings after this page (the ones still to come). */
  remaining: number;
  items: QueueItem[];
}

interface OpenReportBase {
  id: string;
  reason: string;
  message: string | null;
  createdAt: string;
}

export interface ReportParticipant {
  username: string;
  /** The account is gone. */
  deleted: boolean;
  suspended: boolean;
  /** Earlier warnings and suspensions of this account. */
  sanctions: number;
}

export interface ReportedMessage {
  id: string;
  side: "buyer" | "seller";
  sender: string;
  body: string;
  at: string;
  /** Sent by the participant the report is about. */
  fromReported: boolean;
}

export type OpenReport =
  | (OpenReportBase & {
      kind: "listing";
      /** A signed-in reporter's username, or null for a visitor. */
      reporter: string | null;
      listing: { id: string; brand: string; model: string; year: number | null; city: string | null; status: string };
      listingPath: string;
    })
  | (OpenReportBase & {
      kind: "conversation";
      conversation: { id: string; title: string; buyer: ReportParticipant; seller: ReportParticipant };
      /** Which participant reported the conversation (the other one is the reported account). */
      reportedBy: "buyer" | "seller";
      /** The conversation as the reporter saw it: its last messages up to the report, oldest first. */
      messages: ReportedMessage[];
      /** Messages written after the report. */
      laterMessages: number;
    });

export interface HistoryEntry {
  id: string;
  action: ModerationAction;
  label: string;
  at: string;
  moderator: { id: string; username: string } | null;
  listing: { id: string; title: string; path: string; status: string } | null;
  conversation: string | null;
  /** The account warned or suspended. */
  account: string | null;
  reason: string | null;
}

export interface ModerationHistory {
  entries: HistoryEntry[];
  count: number;
  page: number;
  pageCount: number;
  /** For the filter: every moderator account. */
  moderators: { id: string; username: string }[];
  filters: {
    listing: { id: string; title: string } | null;
    moderatorId: string | null;
    /** Decisions about one account (a professional's trust and reviews). */
    account: { id: string; name: string } | null;
  };
}

/** A professional waiting in the 'Professionnels' tab. */
export interface PendingProItem {
  userId: string;
  companyName: string;
  /** '732 829 320 00074' */
  siret: string;
  address: string;
  phone: string;
  presentation: string | null;
  logo: string | null;
  submittedAt: string;
  /** It was verified before and changed its identity (decision 0032). */
  wasVerified: boolean;
  account: { email: string; username: string; memberSince: string };
  /** The viewing moderator's own profile: another moderator decides. */
  own: boolean;
}

export interface PendingPros {
  count: number;
  items: PendingProItem[];
}

/** A moderation decision as a professional's card recalls it (trust given or withdrawn). */
export interface TrustDecision {
  trusted: boolean;
  at: string;
  moderator: string | null;
  reason: string | null;
}

/** A verified professional in the 'Professionnels' tab's search (decision 0054). */
export interface VerifiedProItem {
  userId: string;
  companyName: string;
  siret: string;
  place: string;
  /** The dealer page. */
  path: string;
  verifiedAt: string | null;
  trusted: boolean;
  /** The last 'de confiance' decision (who, when, why), or null when none was ever made. */
  lastTrustDecision: TrustDecision | null;
  publishedCount: number;
  /** After-the-fact reviews of its imports: conforming, removed, waiting. */
  reviews: { confirmed: number; removed: number; waiting: number };
  account: { email: string; username: string };
  own: boolean;
}

export interface VerifiedPros {
  items: VerifiedProItem[];
  count: number;
  trustedCount: number;
  page: number;
  pageCount: number;
  filters: { query: string; trustedOnly: boolean };
}

/** A trusted dealer's listing published at once and drawn for review ('Contrôle après publication'). */
export interface ReviewSampleItem extends ModeratedListingRef {
  kind: "created" | "updated";
  sampledAt: string;
  price: number | null;
  mileage: number | null;
  description: string | null;
  /** Approved photos in the seller's order (the first is the main one). */
  photos: ListingCardPhoto[];
  photosChanged: boolean;
  /** What the change replaced: before (as reviewed or first published) → now online. */
  diff: RevisionDiffRow[];
  dealer: { userId: string; companyName: string; trusted: boolean };
}

export interface ReviewSamples {
  count: number;
  /** TRUSTED_REVIEW_SAMPLE_PERCENT, shown to moderators. */
  percent: number;
  items: ReviewSampleItem[];
}

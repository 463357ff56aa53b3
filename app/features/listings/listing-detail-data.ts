import type { SellerTrust } from "~/features/sellers/seller-trust-data";
import type { ListingStatus } from "~/db/schema";
import type { PriceLevel } from "~/features/pricing/price-rating";
import type { ListingCardPhoto } from "./listing-card-data";

/** What the detail page shows (shared by the server service and the page). */
export interface ListingDetailPhoto extends ListingCardPhoto {
  /** Largest stored variant, for the full-screen viewer. */
  large: string;
  width: number;
  height: number;
}

/** The stored market price rating of a listing (decision 0015), as the listing row holds it. */
export interface ListingPriceFields {
  /** Null under MIN_COMPARABLES comparables, and for a listing that is not published. */
  level: PriceLevel | null;
  /** The estimated market range, when the listing's model has one. */
  estimate: { low: number; high: number } | null;
  /** Other published listings of the same brand and model. */
  comparables: number;
  ratedAt: string | null;
}

export interface ListingDetail {
  id: string;
  status: ListingStatus;
  brand: string;
  model: string;
  year: number | null;
  firstRegistration: string | null;
  fuel: string | null;
  gearbox: string | null;
  vehicleType: string | null;
  doors: number | null;
  seats: number | null;
  fiscalPower: number | null;
  dinPower: number | null;
  licenseStatus: string | null;
  mileage: number | null;
  color: string | null;
  vehicleCondition: string | null;
  /** Issue 34 (decision 0039): Euro standard, Crit'Air class (0–5, 6 'Non classé'), last inspection, owners. */
  euroNorm: string | null;
  critair: number | null;
  /** "AAAA-MM-JJ". */
  inspectionDate: string | null;
  inspectionResult: string | null;
  ownerCount: number | null;
  /** As buyers read them, written by the server ('12/09/2026, favorable', '1re main'; vehicle-facts.ts). */
  inspection: string | null;
  owners: string | null;
  /**
   * Issue 34, second slice (decision 0043), written by the server (listing-extras.server.ts):
   * 'Carnet d'entretien à jour', 'Garantie', 'Véhicule non fumeur' rows; the equipment grouped
   * (labels); the HistoVec share link (official site, never fetched).
   */
  moreFacts: [label: string, value: string | null][];
  equipment: { label: string; items: string[] }[];
  histovecUrl: string | null;
  description: string | null;
  price: number | null;
  city: string | null;
  postalCode: string | null;
  latitude: number | null;
  longitude: number | null;
  heartCount: number;
  rejectionReason: string | null;
  /** When it was deleted (owner and moderators only see deleted listings). */
  deletedAt: string | null;
  /** Who removed it after a report, when and why (moderation removals only). */
  removal: { at: string; by: string; reason: string | null } | null;
  publishedAt: string | null;
  updatedAt: string;
  photos: ListingDetailPhoto[];
  /** `username` is the profile URL's handle only; `name` is what buyers read ('Camille D.'). */
  seller: {
    id: string;
    username: string;
    name: string;
    memberSince: string;
    hasPhone: boolean;
    trust: SellerTrust;
    /**
     * A professional's declared company ('Professionnel', or 'Professionnel vérifié' with its
     * page /pro/<slug>); null for a private seller ('Particulier', private-sale notice).
     */
    pro: { companyName: string; verified: boolean; slug: string } | null;
  };
  /** The viewer owns it. */
  isOwner: boolean;
  priceRating: ListingPriceFields;
}


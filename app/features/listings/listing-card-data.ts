/** What a listing card shows (spec §2 Search: card contents). Shared by list, home, favourites. */
export interface ListingCardPhoto {
  src: string;
  srcSet: string;
}

export interface ListingCardData {
  id: string;
  brand: string;
  model: string;
  year: number | null;
  gearbox: string | null;
  mileage: number | null;
  fuel: string | null;
  price: number | null;
  city: string | null;
  postalCode: string | null;
  photos: ListingCardPhoto[];
  /** Market price level (1 'Très bonne affaire' … 5), null when not rated (app/features/pricing). */
  priceLevel?: number | null;
  /** 'Pro' or 'Particulier' on the card (kept on the listing by triggers from pro_profiles). */
  sellerKind?: "private" | "pro" | null;
  /** Crit'Air class (0–5, 6 'Non classé'; null: unknown), the sticker of the card (issue 34). */
  critair?: number | null;
  /** ISO date of publication: the card says how old the listing is (issue 36). */
  publishedAt?: string | null;
}

/**
 * A price drop shown to a buyer who has the listing in favourites (decision 0016): the
 * reference price struck through, 'Prix en baisse'.
 */
export interface PriceDropBadge {
  previousPrice: number;
  /** ISO date of the drop. */
  droppedAt: string;
}

import type { ListingCardData, ListingCardPhoto } from "~/features/listings/listing-card-data";

/**
 * What the URL of a listing that is no longer for sale answers (issue 36), instead of a bare 404
 * for the buyers who saved or shared it. Status 410 and `noindex` either way (route annonce.tsx).
 * - **sold**: 'Ce véhicule a été vendu' with its title, main photo, year, mileage and last price;
 * - **removed** (deleted by its seller or by a moderator, or taken offline by its seller for a
 *   while, decision 0058): 'Cette annonce n'est plus en ligne',
 *   nothing of its content;
 * both with 'Annonces similaires' of the same model. A listing that was never published (a
 * draft, one refused or withdrawn before publication) stays a 404: it never had a public URL.
 */
export type GoneListing =
  | {
      kind: "sold";
      brand: string;
      model: string;
      year: number | null;
      mileage: number | null;
      price: number | null;
      photo: ListingCardPhoto | null;
      similar: ListingCardData[];
    }
  | { kind: "removed"; similar: ListingCardData[] };


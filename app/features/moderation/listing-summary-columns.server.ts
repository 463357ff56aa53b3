import { listings } from "~/db/schema";

/**
 * The listing columns the moderation journal and the open reports select: enough for a title,
 * a public path (`listingPath`) and the listing's status.
 */
export const listingSummaryColumns = {
  id: listings.id,
  brand: listings.brand,
  model: listings.model,
  year: listings.year,
  city: listings.city,
  status: listings.status,
};

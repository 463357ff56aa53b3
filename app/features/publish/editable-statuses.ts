import type { ListingStatus } from "~/db/schema";

/**
 * Statuses the seller may edit (fields and photos) from 'Mes annonces'. Shared by the server's
 * check (listing-access.server.ts) and the pages that offer 'Modifier': a sold, withdrawn or
 * deleted listing offers no edit link that would only lead to a refusal.
 */
export const EDITABLE_STATUSES: readonly ListingStatus[] = ["pending", "published", "rejected"];

export function isEditableStatus(status: string): boolean {
  return (EDITABLE_STATUSES as readonly string[]).includes(status);
}

import type { DbExecutor } from "~/db/client.server";
import { listings, stockPhotoSources } from "~/db/schema";
import type { ApplyContext, RowOutcome } from "./apply-stock-row.server";
import type { ImportedVehicle } from "./parse-stock-file";

/**
 * The new references of a batch created together (issue 35, decision 0055): one multi-row
 * INSERT of the listings and one of their photo addresses, instead of four statements per row
 * (the first import of a 10 000-row stock is 10 000 creations). Each listing is complete like a
 * wizard's last step and waits for its photos as a draft: the photo job submits it (pending,
 * or published for a 'de confiance' dealer) once they are fetched (fetch-listing-photos.server.ts).
 * Runs inside the run's batch transaction; the outcomes by reference.
 */
export async function createStockListings(
  tx: DbExecutor,
  context: Pick<ApplyContext, "ownerId">,
  vehicles: readonly ImportedVehicle[],
  runId: string | null,
): Promise<Map<string, RowOutcome>> {
  const outcomes = new Map<string, RowOutcome>();
  const creatable: ImportedVehicle[] = [];
  for (const vehicle of vehicles) {
    if (vehicle.photoUrls.length === 0) {
      outcomes.set(vehicle.reference, {
        kind: "rejected",
        reason: `ligne ${vehicle.line} : au moins une photo est obligatoire (colonne photos)`,
      });
    } else creatable.push(vehicle);
  }
  if (creatable.length === 0) return outcomes;
  const rows = await tx
    .insert(listings)
    .values(
      creatable.map((vehicle) => {
        // sellerKind is the schema's input for the warranty rule, not a column written here.
        const { sellerKind: _sellerKind, ...values } = vehicle.values;
        return {
          ...values,
          ownerId: context.ownerId,
          sellerKind: "pro" as const,
          // A draft until its photos are fetched: the photo job submits it (as the wizard's last step).
          status: "draft" as const,
          draftStep: 8,
          stockReference: vehicle.reference,
          importFingerprint: vehicle.fingerprint,
        };
      }),
    )
    // By reference: PostgreSQL does not promise RETURNING in the order of VALUES.
    .returning({ id: listings.id, reference: listings.stockReference });
  const idOf = new Map(rows.map((row) => [row.reference!, row.id]));
  const sources: (typeof stockPhotoSources.$inferInsert)[] = [];
  for (const vehicle of creatable) {
    const listingId = idOf.get(vehicle.reference);
    if (!listingId) throw new Error(`createStockListings : référence ${vehicle.reference} non insérée`);
    for (const [position, url] of vehicle.photoUrls.entries()) sources.push({ listingId, position, url, runId });
    outcomes.set(vehicle.reference, { kind: "created", listingId, photosToFetch: true });
  }
  await tx.insert(stockPhotoSources).values(sources);
  return outcomes;
}

import { fuelLabel } from "~/features/catalogue/vocabularies";
import { critAirLabel } from "~/features/catalogue/critair-label";
import { formatMileage } from "~/ui/format";
import type { ListingDetail } from "./listing-detail-data";

/** The row whose value the pages draw as the sticker (CritAirSticker) beside its words. */
export const CRITAIR_FACT = "Crit'Air";

export const NOT_SPECIFIED = "Non spécifié";

/** The detail page's 'Caractéristiques' grid, label → shown value (null: not specified). Also the rows of /comparer. */
export function listingFacts(listing: ListingDetail): [label: string, value: string | number | null][] {
  return [
    ["Marque", listing.brand],
    ["Modèle", listing.model],
    ["Année", listing.year],
    ["Kilométrage", listing.mileage != null ? formatMileage(listing.mileage) : null],
    ["Énergie", fuelLabel(listing.fuel) ?? null],
    ["Boîte de vitesses", listing.gearbox],
    ["Puissance fiscale", listing.fiscalPower != null ? `${listing.fiscalPower} CV` : null],
    ["Puissance DIN", listing.dinPower != null ? `${listing.dinPower} ch` : null],
    ["Couleur", listing.color],
    ["Première mise en circulation", listing.firstRegistration],
    ["Type de véhicule", listing.vehicleType],
    ["État du véhicule", listing.vehicleCondition],
    ["Norme Euro", listing.euroNorm],
    [CRITAIR_FACT, listing.critair != null ? critAirLabel(listing.critair) : null],
    ["Contrôle technique", listing.inspection],
    ["Propriétaires", listing.owners],
    ...listing.moreFacts,
  ];
}

import { EQUIPMENT, EQUIPMENT_GROUP_LABELS, EQUIPMENT_GROUPS, groupEquipment } from "~/features/catalogue/equipment";
import { WARRANTY_KIND_LABELS, type WarrantyKind } from "~/features/publish/listing-extras-schema";

/**
 * Issue 34's second slice (decision 0043) as buyers read it, written by the server so the
 * listing page and the comparison ship no vocabulary (the /annonce JavaScript budget, decision
 * 0021): the rows added to 'Caractéristiques', the equipment grouped, the HistoVec link.
 */

const yesNo = (value: boolean | null) => (value === null ? null : value ? "Oui" : "Non");

/** "24 mois, garantie constructeur", "Sans garantie", or null when not given. */
export function warrantyText(months: number | null, kind: string | null): string | null {
  if (months === null) return null;
  if (months === 0) return "Sans garantie";
  const label = kind && kind in WARRANTY_KIND_LABELS ? WARRANTY_KIND_LABELS[kind as WarrantyKind].toLowerCase() : null;
  return label ? `${months} mois, ${label}` : `${months} mois`;
}

export function listingExtras(row: {
  equipment: string[];
  serviceHistory: boolean | null;
  nonSmoker: boolean | null;
  warrantyMonths: number | null;
  warrantyKind: string | null;
  histovecUrl: string | null;
}): {
  moreFacts: [label: string, value: string | null][];
  equipment: { label: string; items: string[] }[];
  histovecUrl: string | null;
} {
  return {
    moreFacts: [
      ["Carnet d'entretien à jour", yesNo(row.serviceHistory)],
      ["Garantie", warrantyText(row.warrantyMonths, row.warrantyKind)],
      ["Véhicule non fumeur", yesNo(row.nonSmoker)],
      // The equipment, one row per group, every group always (the comparison lines rows up by
      // position): "Sièges chauffants, Sellerie cuir", or null ('Non spécifié') when none.
      ...EQUIPMENT_GROUPS.map((group): [string, string | null] => {
        const items = EQUIPMENT.filter((item) => item.group === group && row.equipment.includes(item.slug)).map((item) => item.label);
        return [`Équipements : ${EQUIPMENT_GROUP_LABELS[group]}`, items.length ? items.join(", ") : null];
      }),
    ],
    equipment: groupEquipment(row.equipment).map(({ label, items }) => ({ label, items })),
    histovecUrl: row.histovecUrl,
  };
}

import { faker } from "@faker-js/faker/locale/fr";
import { EQUIPMENT_LABELS } from "~/features/catalogue/equipment";
import { formatMileage } from "~/ui/format";

/**
 * Sellers' descriptions of built listings (tests and the demo data). Every fact they state comes
 * from the listing's own fields — energy, gearbox, mileage, owners, contrôle technique,
 * equipment, service history, non-smoker —, and a fact the listing does not hold is not stated:
 * a description never says 'première main' of a third-hand car, 'boîte automatique' of a manual
 * one or 'CT OK' without a contrôle technique (descriptions.test.ts checks it).
 */
export interface DescribedListing {
  brand?: string | null;
  model?: string | null;
  year?: number | null;
  mileage?: number | null;
  fuel?: string | null;
  gearbox?: string | null;
  ownerCount?: number | null;
  inspectionDate?: string | null;
  inspectionResult?: string | null;
  equipment?: readonly string[] | null;
  serviceHistory?: boolean | null;
  nonSmoker?: boolean | null;
}

const ENERGY_WORDS: Record<string, string> = {
  Essence: "essence",
  Diesel: "diesel",
  Hybride: "hybride",
  "Hybride rechargeable": "hybride rechargeable",
  Electrique: "électrique",
  GPL: "GPL",
  "Gaz naturel (CNG)": "gaz naturel (GNV)",
};

/** Said of every listing whose facts give nothing to say at this place. */
const NOTHING_TO_ADD = "Je réponds volontiers à vos questions.";

function frenchDate(iso: string): string {
  const [year, month, day] = iso.split("-");
  return `${day}/${month}/${year}`;
}

/** 'Je vends ma Peugeot 208 de 2019, 53 400 km, essence, boîte manuelle.' — what the fields say. */
function opening(v: DescribedListing): string {
  const facts = [
    v.mileage != null ? formatMileage(v.mileage) : null,
    v.fuel ? (ENERGY_WORDS[v.fuel] ?? null) : null,
    v.gearbox ? `boîte ${v.gearbox.toLowerCase()}` : null,
  ].filter(Boolean);
  const car = [v.brand, v.model].filter(Boolean).join(" ") || "voiture";
  return `Je vends ma ${car}${v.year ? ` de ${v.year}` : ""}${facts.length ? `, ${facts.join(", ")}` : ""}.`;
}

function owners(v: DescribedListing): string | null {
  if (v.ownerCount === 1) return "Première main.";
  if (v.ownerCount != null && v.ownerCount > 1) return `${v.ownerCount} propriétaires depuis la première mise en circulation.`;
  return null;
}

function inspection(v: DescribedListing): string | null {
  if (v.inspectionResult === "favorable" && v.inspectionDate) return `Contrôle technique favorable du ${frenchDate(v.inspectionDate)}.`;
  if (v.inspectionResult === "defavorable" && v.inspectionDate)
    return `Contrôle technique du ${frenchDate(v.inspectionDate)} défavorable : contre-visite à prévoir.`;
  if (v.inspectionResult === "not_required") return "Contrôle technique pas encore obligatoire.";
  return null;
}

function care(v: DescribedListing): string | null {
  const said = [v.serviceHistory === true ? "entretien suivi, carnet à jour" : null, v.nonSmoker === true ? "véhicule non fumeur" : null].filter(Boolean);
  if (said.length === 0) return null;
  const text = said.join(", ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** Up to four of the listing's own equipment items, from the `start`-th: their labels, as the form shows them. */
function equipmentSentence(v: DescribedListing, start: number): string | null {
  const labels = (v.equipment ?? []).map((slug) => EQUIPMENT_LABELS[slug]).filter((label): label is string => Boolean(label));
  if (labels.length === 0) return null;
  const from = start % labels.length;
  const picked = [...labels.slice(from), ...labels.slice(0, from)].slice(0, 4);
  return `Équipements : ${picked.join(", ")}${labels.length > picked.length ? ", entre autres" : ""}.`;
}

/**
 * The short description of a built listing: what the fields say, one fact about its history
 * (drawn), some of its equipment, a practical word. Exactly three faker draws, as before the
 * descriptions followed the fields, so every later draw (the demo market) keeps its value.
 */
export function buildDescription(v: DescribedListing): string {
  const history = faker.helpers.arrayElement([care, owners, inspection, owners]);
  const from = faker.helpers.arrayElement([0, 1, 2, 3]);
  const practical = faker.helpers.arrayElement([
    "Visible sur rendez-vous, essai possible.",
    "Prix légèrement négociable après essai.",
    "Pas sérieux s'abstenir, pas d'échange.",
  ]);
  return [opening(v), history(v) ?? care(v) ?? NOTHING_TO_ADD, equipmentSentence(v, from * 3), practical].filter(Boolean).join(" ");
}

/**
 * A seller's long description (the demo's newest listing: its 'Voir plus'), paragraphs built
 * from the same fields; what the fields do not hold is left out, never made up.
 */
export function buildLongDescription(v: DescribedListing): string {
  const history = [owners(v), care(v), inspection(v)].filter(Boolean).join(" ");
  const equipment = equipmentSentence(v, 0);
  return [
    `${opening(v)} Je la vends car je change de véhicule ; elle m'a rendu service au quotidien comme sur les longs trajets, et je préfère la confier à un particulier qui en prendra soin.`,
    history || null,
    equipment,
    "Je reste joignable par la messagerie du site et je réponds le soir comme le week-end. Merci de me dire quand vous pourriez passer, et de venir avec votre permis de conduire pour l'essai.",
    "Essai possible sur rendez-vous en semaine après 18 h ou le week-end, papiers en main. Pas d'échange ; paiement par virement instantané ou chèque de banque vérifié auprès de l'agence, certificat de cession rempli ensemble le jour de la vente.",
  ]
    .filter(Boolean)
    .join("\n\n");
}

/**
 * 'Vendu sur Occazio ?' (issue 36), asked when a listing is marked sold, one at a time
 * ('Mes annonces') or in a batch ('Mon stock'): only 'occazio' counts in the seller's
 * 'N véhicules vendus sur Occazio' (decision 0042).
 */
export const SOLD_CHANNELS = ["occazio", "ailleurs", "non_precise"] as const;
export type SoldChannel = (typeof SOLD_CHANNELS)[number];

export const SOLD_CHANNEL_OPTIONS: readonly { value: SoldChannel; label: string }[] = [
  { value: "occazio", label: "Oui, sur Occazio" },
  { value: "ailleurs", label: "Non, ailleurs" },
  { value: "non_precise", label: "Je préfère ne pas répondre" },
];

export const SOLD_CHANNEL_MESSAGE = "Indiquez si le véhicule a été vendu sur Occazio (ou que vous préférez ne pas répondre).";

export function isSoldChannel(value: unknown): value is SoldChannel {
  return typeof value === "string" && (SOLD_CHANNELS as readonly string[]).includes(value);
}

import { formatPrice } from "~/ui/format";

/**
 * 'Mon stock' bulk actions (issue 35): rules and texts shared by the page and the service.
 * `withdraw` takes published listings offline for a while and `restore` puts them back
 * (decision 0058); `delete` is definitive (what 'Supprimer' of 'Mes annonces' does).
 */
export const BULK_ACTIONS = ["price", "sold", "withdraw", "restore", "delete"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export type PriceMode = "euros" | "percent";

export const BULK_MAX_LISTINGS = 200;

const plural = (n: number, one: string, many: string) => (n > 1 ? many : one);

export const BULK_MESSAGES = {
  noneSelected: "Sélectionnez au moins une annonce.",
  tooMany: `Sélectionnez au plus ${BULK_MAX_LISTINGS} annonces à la fois.`,
  notYours: "Une ou plusieurs annonces sélectionnées n'existent pas ou ne sont pas dans votre stock : rien n'a été modifié.",
  unknownAction: "Action inconnue.",
  priceMode: "Choisissez une modification en euros ou en pourcentage.",
  amount: "Indiquez de combien changer le prix (un nombre différent de 0, par exemple -5).",
  priceRange: (n: number, max: number) =>
    `Le nouveau prix de ${n} ${plural(n, "annonce", "annonces")} serait inférieur à 1 € ou supérieur à ${formatPrice(max)} : rien n'a été modifié.`,
  notApplicable: {
    price: (n: number) =>
      `${n} ${plural(n, "annonce vendue ou supprimée ne peut", "annonces vendues ou supprimées ne peuvent")} plus changer de prix : rien n'a été modifié.`,
    sold: (n: number) =>
      `Seules les annonces en ligne ou hors ligne peuvent être marquées vendues (${n} ${plural(n, "autre", "autres")} dans la sélection) : rien n'a été modifié.`,
    withdraw: (n: number) =>
      `Seules les annonces en ligne peuvent être retirées de la vente (${n} ${plural(n, "autre", "autres")} dans la sélection) : rien n'a été modifié.`,
    restore: (n: number) =>
      `Seules les annonces hors ligne peuvent être remises en vente (${n} ${plural(n, "autre", "autres")} dans la sélection) : rien n'a été modifié.`,
    delete: (n: number) =>
      `${n} ${plural(n, "annonce est déjà supprimée", "annonces sont déjà supprimées")} : rien n'a été modifié.`,
  } satisfies Record<BulkAction, (n: number) => string>,
} as const;

/** The new price of a listing: `amount` € added, or `amount` % (rounded to the euro); null without a price. */
export function newPriceOf(price: number | null, mode: PriceMode, amount: number): number | null {
  if (price === null) return null;
  return Math.round(mode === "percent" ? price * (1 + amount / 100) : price + amount);
}

/** What the confirmation dialog and the result say. */
export function bulkSummary(action: BulkAction, n: number, price?: { mode: PriceMode; amount: number }): string {
  const listings = `${n} ${plural(n, "annonce", "annonces")}`;
  if (action === "price" && price) {
    const sign = price.amount > 0 ? "+" : "";
    const change = price.mode === "percent" ? `${sign}${String(price.amount).replace(".", ",")} %` : `${sign}${price.amount} €`;
    return `Changer le prix de ${listings} (${change}) ?`;
  }
  if (action === "sold") return `Marquer ${listings} comme ${plural(n, "vendue", "vendues")} ?`;
  if (action === "withdraw")
    return `Retirer ${listings} de la vente ? ${plural(n, "Elle quittera", "Elles quitteront")} le site et ${plural(n, "restera", "resteront")} dans votre stock (« Hors ligne »), avec ${plural(n, "sa référence, ses statistiques, ses favoris et ses messages", "leurs références, statistiques, favoris et messages")}. Vous pourrez ${plural(n, "la remettre", "les remettre")} en vente à tout moment.`;
  if (action === "restore")
    return `Remettre ${listings} en vente ? ${plural(n, "Elle sera", "Elles seront")} de nouveau en ligne telle${plural(n, "", "s")} qu'${plural(n, "elle a été validée", "elles ont été validées")}.`;
  return `Supprimer définitivement ${listings} ? ${plural(n, "Elle quittera", "Elles quitteront")} le site et ${plural(n, "sera rangée", "seront rangées")} dans « Annonce supprimée » ; ${plural(n, "sa référence sera libérée", "leurs références seront libérées")}. Cette action est définitive.`;
}

export function bulkDone(action: BulkAction, changed: number): string {
  const listings = `${changed} ${plural(changed, "annonce", "annonces")}`;
  if (action === "price") return `Prix modifié pour ${listings}.`;
  if (action === "sold") return `${listings} ${plural(changed, "marquée vendue", "marquées vendues")}.`;
  if (action === "withdraw") return `${listings} ${plural(changed, "retirée", "retirées")} de la vente (hors ligne).`;
  if (action === "restore") return `${listings} ${plural(changed, "remise", "remises")} en vente.`;
  return `${listings} ${plural(changed, "supprimée", "supprimées")}.`;
}

import { StockHelpPage } from "~/features/stock-import/stock-help-page";
import { pageMeta } from "~/ui/seo";
import type { Route } from "./+types/account.stock.aide";

export function meta() {
  return pageMeta(
    "Importer votre stock : colonnes du fichier CSV",
    "Les colonnes du fichier de stock, les formats acceptés et le modèle à télécharger.",
  );
}

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.services;
  return {
    maxMegabytes: Math.floor(config.STOCK_IMPORT_MAX_BYTES / 1024 / 1024),
    maxRows: config.STOCK_IMPORT_MAX_ROWS,
  };
}

export default function StockHelp({ loaderData }: Route.ComponentProps) {
  return <StockHelpPage {...loaderData} />;
}

import { templateCsv } from "~/features/stock-import/import-columns";

/** GET /account/stock/modele.csv — the template of the help page (the same for everyone). */
export function loader() {
  return new Response(templateCsv(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="modele-stock-occazio.csv"',
      "Cache-Control": "public, max-age=3600",
    },
  });
}

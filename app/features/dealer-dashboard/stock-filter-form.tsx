import { useId } from "react";
import { Form, Link } from "react-router";
import { CATALOGUE } from "~/features/catalogue/catalogue-data";
import { FUEL_OPTIONS } from "~/features/catalogue/vocabularies";
import { Button } from "~/ui/button";
import { formatNumber } from "~/ui/format";
import { STOCK_PATH } from "./stock-paths";
import {
  hasStockFilters,
  STOCK_FILTER_LABELS,
  STOCK_SORT_LABELS,
  STOCK_SORTS,
  STOCK_STATUS_FILTERS,
  stockQueryString,
  type StockQuery,
} from "./stock-table-data";

/** The catalogue's brands, as the search offers them (already in French order). */
const BRAND_NAMES = CATALOGUE.map((brand) => brand.name);

const FIELD = "w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2";
const FIELD_BOX = "grid min-w-0 content-start gap-1 text-sm";
const CAPTION = "font-medium text-slate-800";

/**
 * The filters of 'Mon stock': words, the search's main filters (brand, energy, maximum price,
 * minimum year, from the catalogue and the site's vocabulary), status and sort — a GET form
 * that works before hydration; two columns on a phone, four on a wide screen.
 */
export function StockFilterForm({ query }: { query: StockQuery }) {
  // Labels point at their field (not wrapped around it): a select's name stays 'Marque', not 'Marque Toutes les marques'.
  const id = useId();
  return (
    <Form
      // Fields show the URL's values: a new query (a link, the back button) re-mounts them.
      key={stockQueryString({ ...query, page: 1 })}
      method="get"
      action={STOCK_PATH}
      noValidate
      className="grid grid-cols-2 gap-2 wide:grid-cols-4"
      aria-label="Filtrer mes véhicules"
    >
      <div className={`${FIELD_BOX} col-span-2`}>
        <label htmlFor={`${id}-q`} className={CAPTION}>
          Marque, modèle ou référence
        </label>
        <input
          id={`${id}-q`}
          type="search"
          name="q"
          defaultValue={query.q}
          placeholder="Ex. : 308, REF-1024"
          className={FIELD}
        />
      </div>
      <div className={FIELD_BOX}>
        <label htmlFor={`${id}-marque`} className={CAPTION}>
          Marque
        </label>
        <select id={`${id}-marque`} name="marque" defaultValue={query.brand ?? ""} className={FIELD}>
          <option value="">Toutes</option>
          {BRAND_NAMES.map((brand) => (
            <option key={brand} value={brand}>
              {brand}
            </option>
          ))}
        </select>
      </div>
      <div className={FIELD_BOX}>
        <label htmlFor={`${id}-energie`} className={CAPTION}>
          Énergie
        </label>
        <select id={`${id}-energie`} name="energie" defaultValue={query.energy ?? ""} className={FIELD}>
          <option value="">Toutes</option>
          {FUEL_OPTIONS.map((fuel) => (
            <option key={fuel.value} value={fuel.value}>
              {fuel.label}
            </option>
          ))}
        </select>
      </div>
      <div className={FIELD_BOX}>
        <label htmlFor={`${id}-prix_max`} className={CAPTION}>
          Prix max. (€)
        </label>
        <input
          id={`${id}-prix_max`}
          name="prix_max"
          inputMode="numeric"
          defaultValue={query.maxPrice ? formatNumber(query.maxPrice) : ""}
          placeholder="Ex. : 15 000"
          className={FIELD}
        />
      </div>
      <div className={FIELD_BOX}>
        <label htmlFor={`${id}-annee_min`} className={CAPTION}>
          Année min.
        </label>
        <input
          id={`${id}-annee_min`}
          name="annee_min"
          inputMode="numeric"
          maxLength={4}
          defaultValue={query.minYear ?? ""}
          placeholder="Ex. : 2018"
          className={FIELD}
        />
      </div>
      <div className={FIELD_BOX}>
        <label htmlFor={`${id}-statut`} className={CAPTION}>
          Statut
        </label>
        <select id={`${id}-statut`} name="statut" defaultValue={query.status} className={FIELD}>
          {STOCK_STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {STOCK_FILTER_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div className={FIELD_BOX}>
        <label htmlFor={`${id}-tri`} className={CAPTION}>
          Trier
        </label>
        <select id={`${id}-tri`} name="tri" defaultValue={query.sort} className={FIELD}>
          {STOCK_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {STOCK_SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-2 flex flex-wrap items-center gap-3 wide:col-span-4">
        <Button type="submit" variant="secondary">
          Filtrer
        </Button>
        {hasStockFilters(query) ? (
          <Link to={STOCK_PATH} className="text-sm font-semibold text-brand-700 underline">
            Effacer les filtres
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

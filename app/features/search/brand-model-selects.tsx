import { useId } from "react";
import { CATALOGUE } from "~/features/catalogue/catalogue-data";
import { sortedModels } from "~/features/catalogue/model-order";

/** Catalogue brand names, already in French order. */
export const BRAND_NAMES: readonly string[] = CATALOGUE.map((b) => b.name);

/** Models of a catalogue brand in alphabetical order (type-ahead in a native select needs it); [] otherwise. */
export function modelsOf(brand: string): string[] {
  const entry = CATALOGUE.find((b) => b.name === brand);
  return entry ? sortedModels(entry) : [];
}

/** A value from the URL that the catalogue does not know stays selectable (shown first). */
function withCurrent(options: readonly string[], current: string): readonly string[] {
  return current && !options.includes(current) ? [current, ...options] : options;
}

export interface BrandModelValue {
  brand: string;
  model: string;
}

const SELECT_CLASS =
  "block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500";

/**
 * Brand then model, as two native `<select>` elements: arrow keys, Enter, type-ahead, Escape
 * and closing on an outside click come with the platform, for keyboards and screen readers.
 * The model select stays disabled until a brand is chosen and is reset when the brand changes
 * (spec §2). Field names `brand` and `model` let a GET form work without JavaScript.
 */
export function BrandModelSelects({
  value,
  onChange,
  brandLabel = "Marque",
  modelLabel = "Modèle",
  hideLabels = false,
  className = "",
  fieldClassName = "",
  selectClassName = "",
  labelClassName = "text-slate-800",
  compact = false,
}: {
  value: BrandModelValue;
  onChange: (value: BrandModelValue) => void;
  brandLabel?: string;
  modelLabel?: string;
  /** Labels for screen readers only (the compact header). */
  hideLabels?: boolean;
  className?: string;
  fieldClassName?: string;
  selectClassName?: string;
  labelClassName?: string;
  /** Short placeholders for narrow selects ("Marque", "Modèle"). */
  compact?: boolean;
}) {
  const id = useId();
  const brands = withCurrent(BRAND_NAMES, value.brand);
  const models = value.brand ? withCurrent(modelsOf(value.brand), value.model) : [];
  const labelClass = hideLabels ? "sr-only" : `mb-1 block text-sm font-medium ${labelClassName}`;
  return (
    <div className={className}>
      <div className={fieldClassName}>
        <label htmlFor={`${id}-brand`} className={labelClass}>
          {brandLabel}
        </label>
        <select
          id={`${id}-brand`}
          name="brand"
          value={value.brand}
          onChange={(event) => onChange({ brand: event.target.value, model: "" })}
          className={`${SELECT_CLASS} ${selectClassName}`}
        >
          <option value="">{compact ? "Marque" : "Toutes les marques"}</option>
          {brands.map((brand) => (
            <option key={brand} value={brand}>
              {brand}
            </option>
          ))}
        </select>
      </div>
      <div className={fieldClassName}>
        <label htmlFor={`${id}-model`} className={labelClass}>
          {modelLabel}
        </label>
        <select
          id={`${id}-model`}
          name="model"
          value={value.brand ? value.model : ""}
          disabled={!value.brand}
          onChange={(event) => onChange({ brand: value.brand, model: event.target.value })}
          className={`${SELECT_CLASS} ${selectClassName}`}
        >
          <option value="">{value.brand ? "Tous les modèles" : compact ? "Modèle" : "Choisissez une marque"}</option>
          {models.map((model) => (
            <option key={model} value={model}>
              {model}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

import { useState, type FormEvent } from "react";
import { SearchCombobox } from "./search-combobox";
import { toSearchParams, withQuery, withSuggestion, type SearchFilters } from "./search-params";
import { useFormTypedBeforeHydration } from "~/ui/use-field-state";

/**
 * The words of a search on /recherche (issue 14), combined with every filter of the page:
 * submitting keeps the filters and replaces the words; a suggestion picked adds its brand or
 * model (the page turns the words into filters) or its town.
 */
export function SearchTextBox({
  filters,
  onSubmit,
}: {
  filters: SearchFilters;
  onSubmit: (next: SearchFilters) => void;
}) {
  const [value, setValue] = useState(filters.q ?? "");
  const formRef = useFormTypedBeforeHydration((typed) => {
    if (typed("q") !== value) setValue(typed("q"));
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(withQuery(filters, value));
  }
  return (
    <form
      ref={formRef}
      noValidate
      role="search"
      aria-label="Rechercher des mots"
      action="/recherche"
      method="get"
      onSubmit={submit}
      className="flex items-end gap-2"
    >
      {/* Without JavaScript the form still keeps the page's filters. */}
      {[...toSearchParams({ ...filters, q: undefined, page: undefined })].map(([name, v]) => (
        <input key={name} type="hidden" name={name} value={v} />
      ))}
      <SearchCombobox
        value={value}
        onChange={setValue}
        onPick={(suggestion) => onSubmit(withSuggestion(filters, suggestion))}
        label="Mots-clés : marque, modèle, finition, ville…"
        hideLabel
        className="min-w-0 flex-1 wide:max-w-xl"
      />
      <button
        type="submit"
        className="inline-flex shrink-0 items-center gap-1.5 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 shrink-0 fill-current">
          <path d="M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.3 4.3-1.4 1.4-4.3-4.3A7.5 7.5 0 1 1 10.5 3zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z" />
        </svg>
        <span className="max-wide:sr-only">Rechercher</span>
      </button>
    </form>
  );
}

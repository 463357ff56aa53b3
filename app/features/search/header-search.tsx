import { useMemo, useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { BrandModelSelects, modelsOf, type BrandModelValue } from "./brand-model-selects";
import { SearchCombobox } from "./search-combobox";
import { MAX_QUERY_LENGTH, searchHref, withSuggestion } from "./search-params";
// Not the whole parser: the header is on every page (search-canonical.ts, decision 0043).
import { headerSearchValues } from "./search-canonical";
import type { SearchSuggestion } from "./suggestion-types";
import { LazyDialogSlot, lazyDialog, useLazyDialog, type LazyDialogState } from "~/ui/lazy-dialog";
import { useFormTypedBeforeHydration } from "~/ui/use-field-state";

const { Panel: HeaderSearchDialog, preload: preloadDialog } = lazyDialog(() => import("./header-search-dialog"));

/**
 * Brand and model of the current URL (spec §2 Header: they prefill the selects on every page).
 * A single entry of the home page's `brands`/`models` lists counts too.
 */
export function brandModelFromQuery(search: string): BrandModelValue {
  const { brand, model } = headerSearchValues(new URLSearchParams(search), MAX_QUERY_LENGTH);
  return { brand, model };
}

/** `/recherche?brand=…&model=…`: a new search on brand and model only (and words, from the header). */
export function brandModelHref(value: BrandModelValue, q = ""): string {
  return searchHref({
    q: q.trim() || undefined,
    brand: value.brand || undefined,
    model: (value.brand && value.model) || undefined,
  });
}

const SEARCH_ICON = (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 shrink-0 fill-current">
    <path d="M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.3 4.3-1.4 1.4-4.3-4.3A7.5 7.5 0 1 1 10.5 3zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z" />
  </svg>
);

/**
 * The header's search (spec §2 Header). Wider than 768 px: brand, model and a search button
 * in the bar — a GET form to /recherche, so it works before the page is hydrated. 768 px and
 * below: one button opening the popup 'Que rechercher vous ?' (header-search-dialog.tsx, loaded
 * on the first tap); the button is visibly disabled until the page is hydrated.
 */
export function HeaderSearch() {
  const { search } = useLocation();
  const initial = useMemo(() => brandModelFromQuery(search), [search]);
  const initialQ = useMemo(() => headerSearchValues(new URLSearchParams(search), MAX_QUERY_LENGTH).q, [search]);
  // Remounting on a new brand/model in the URL refills the selects after every navigation.
  // The dialog's state (hydration included) outside the keyed forms: a remount after a
  // navigation must not disable the button again nor unload the popup.
  const dialog = useLazyDialog(preloadDialog);
  return (
    <HeaderSearchForms
      key={`${initial.brand}\u0000${initial.model}\u0000${initialQ}`}
      initial={initial}
      initialQ={initialQ}
      dialog={dialog}
    />
  );
}

function HeaderSearchForms({ initial, initialQ, dialog }: { initial: BrandModelValue; initialQ: string; dialog: LazyDialogState }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [q, setQ] = useState(initialQ);
  const formRef = useFormTypedBeforeHydration((typed) => {
    if (typed("q") !== initialQ) setQ(typed("q"));
    const brand = typed("brand");
    // A brand changed before hydration keeps the URL's model only if the brand has it (spec §2).
    const model = brand === initial.brand || modelsOf(brand).includes(typed("model")) ? typed("model") : "";
    if (brand !== initial.brand || model !== (initial.brand ? initial.model : "")) setValue({ brand, model });
  });
  const setOpen = dialog.setOpen;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOpen(false);
    // New words that name another vehicle start a new search: the brand and model the selects
    // took from the page's URL (untouched here) do not narrow it to nothing ("308" within
    // Renault Clio). A brand or model chosen in this form stays. The check's code comes with
    // the first such submit (not in every page's first load: decision 0021's budget).
    const prefilled = value.brand === initial.brand && value.model === initial.model && Boolean(value.brand);
    if (!prefilled || q.trim() === initialQ.trim() || !q.trim()) {
      void navigate(brandModelHref(value, q));
      return;
    }
    void import("./words-name-vehicle")
      .then(({ wordsNameAnotherVehicle }) => wordsNameAnotherVehicle(q, value))
      .catch(() => false)
      .then((fresh) => navigate(brandModelHref(fresh ? { brand: "", model: "" } : value, q)));
  }

  /** A suggestion picked: its words or its town alone (with the selects' brand and model). */
  function onPick(suggestion: SearchSuggestion) {
    setOpen(false);
    setQ(suggestion.place ? "" : suggestion.q);
    const selects = { brand: value.brand || undefined, model: (value.brand && value.model) || undefined };
    void navigate(searchHref(withSuggestion(selects, suggestion)));
  }

  return (
    <div className="flex min-w-0 flex-1 items-center justify-end wide:justify-center">
      <form
        ref={formRef}
        noValidate
        role="search"
        aria-label="Recherche par mots, marque et modèle"
        action="/recherche"
        method="get"
        onSubmit={onSubmit}
        className="hidden w-full max-w-3xl items-center gap-2 wide:flex"
      >
        <SearchCombobox
          value={q}
          onChange={setQ}
          onPick={onPick}
          label="Mots recherchés"
          hideLabel
          placeholder="Marque, modèle, ville…"
          className="min-w-0 flex-[1.4]"
          inputClassName="py-1.5 text-sm"
        />
        <BrandModelSelects
          value={value}
          onChange={setValue}
          brandLabel="Marque recherchée"
          modelLabel="Modèle recherché"
          hideLabels
          compact
          className="flex min-w-0 flex-[2] gap-2"
          fieldClassName="min-w-0 flex-1"
          selectClassName="py-1.5 text-sm"
        />
        <button
          type="submit"
          className="inline-flex shrink-0 items-center gap-1.5 rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {SEARCH_ICON}
          {/* Tablets: the icon alone leaves room for the two selects. */}
          <span className="max-lg:sr-only">Rechercher</span>
        </button>
      </form>

      <button
        {...dialog.triggerProps}
        className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:shadow-sm disabled:cursor-wait disabled:opacity-60 wide:hidden"
      >
        {SEARCH_ICON}
        {/* The smallest phones (≤ 360 px): the icon alone (app.css), so the button never covers the logo. */}
        <span className="header-search-label">Rechercher</span>
      </button>
      <LazyDialogSlot mounted={dialog.mounted}>
        <HeaderSearchDialog
          {...dialog.panelProps}
          value={value}
          setValue={setValue}
          q={q}
          setQ={setQ}
          onPick={onPick}
          onSubmit={onSubmit}
          searchIcon={SEARCH_ICON}
        />
      </LazyDialogSlot>
    </div>
  );
}

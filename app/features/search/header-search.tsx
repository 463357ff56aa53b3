import * as Dialog from "@radix-ui/react-dialog";
import { useMemo, useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { BrandModelSelects, type BrandModelValue } from "./brand-model-selects";
import { SearchCombobox } from "./search-combobox";
import { parseSearchParams, searchHref } from "./search-params";
import { DialogCloseButton } from "~/ui/dialog-close-button";

/**
 * Brand and model of the current URL (spec §2 Header: they prefill the selects on every page).
 * A single entry of the home page's `brands`/`models` lists counts too.
 */
export function brandModelFromQuery(search: string): BrandModelValue {
  const { filters } = parseSearchParams(new URLSearchParams(search));
  const brand = filters.brand ?? (filters.brands?.length === 1 ? filters.brands[0] : undefined) ?? "";
  const model = brand ? (filters.model ?? (filters.models?.length === 1 ? filters.models[0] : undefined) ?? "") : "";
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
 * in the bar. 768 px and below: one button opening the popup 'Que rechercher vous ?' (a Radix
 * dialog: focus trapped, Escape and outside click close it, body scroll locked while open).
 */
export function HeaderSearch() {
  const { search } = useLocation();
  const initial = useMemo(() => brandModelFromQuery(search), [search]);
  const initialQ = useMemo(() => parseSearchParams(new URLSearchParams(search)).filters.q ?? "", [search]);
  // Remounting on a new brand/model in the URL refills the selects after every navigation.
  return (
    <HeaderSearchForms
      key={`${initial.brand}\u0000${initial.model}\u0000${initialQ}`}
      initial={initial}
      initialQ={initialQ}
    />
  );
}

function HeaderSearchForms({ initial, initialQ }: { initial: BrandModelValue; initialQ: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [q, setQ] = useState(initialQ);
  const [open, setOpen] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOpen(false);
    void navigate(brandModelHref(value, q));
  }

  /** A suggestion picked: its words alone (with the selects' brand and model). */
  function onPick(words: string) {
    setOpen(false);
    setQ(words);
    void navigate(brandModelHref(value, words));
  }

  return (
    <div className="flex min-w-0 flex-1 items-center justify-end wide:justify-center">
      <form noValidate
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

      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:shadow-sm wide:hidden">
          {SEARCH_ICON}
          Rechercher
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
          <Dialog.Content className="fixed inset-x-0 top-0 z-50 max-h-dvh overflow-y-auto rounded-b-2xl bg-white p-5 shadow-xl focus:outline-none">
            <div className="flex items-start justify-between gap-4">
              <Dialog.Title className="text-lg font-bold">Que rechercher vous ?</Dialog.Title>
              <DialogCloseButton />
            </div>
            <Dialog.Description className="mt-1 text-sm text-slate-600">
              Tapez ce que vous cherchez, ou choisissez une marque puis un modèle.
            </Dialog.Description>
            <form noValidate action="/recherche" method="get" onSubmit={onSubmit} className="mt-4 space-y-4">
              <SearchCombobox value={q} onChange={setQ} onPick={onPick} label="Mots recherchés" />
              <BrandModelSelects value={value} onChange={setValue} className="space-y-4" />
              <div className="flex gap-3 pt-2">
                <button
                  type="button"
                  onClick={() => {
                    setValue({ brand: "", model: "" });
                    setQ("");
                  }}
                  className="flex-1 rounded-lg px-4 py-2.5 text-sm font-semibold text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50"
                >
                  Tout Effacer
                </button>
                <button
                  type="submit"
                  className="inline-flex flex-1 items-center justify-center gap-1.5 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
                >
                  {SEARCH_ICON}
                  Rechercher
                </button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}

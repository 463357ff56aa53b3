import * as Dialog from "@radix-ui/react-dialog";
import type { FormEvent, ReactNode } from "react";
import { DialogCloseButton } from "~/ui/dialog-close-button";
import type { LazyDialogPanelProps } from "~/ui/lazy-dialog";
import { BrandModelSelects, type BrandModelValue } from "./brand-model-selects";
import { SearchCombobox } from "./search-combobox";
import type { SearchSuggestion } from "./suggestion-types";

/**
 * The phone popup 'Que rechercher vous ?' of the header search (a Radix dialog: focus trapped,
 * Escape and outside click close it, body scroll locked while open). Loaded on the first tap
 * on the header's 'Rechercher' button (decision 0021).
 */
export default function HeaderSearchDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  value,
  setValue,
  q,
  setQ,
  onPick,
  onSubmit,
  searchIcon,
}: LazyDialogPanelProps & {
  value: BrandModelValue;
  setValue: (value: BrandModelValue) => void;
  q: string;
  setQ: (q: string) => void;
  onPick: (suggestion: SearchSuggestion) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  searchIcon: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed inset-x-0 top-0 z-50 max-h-dvh overflow-y-auto rounded-b-2xl bg-white p-5 shadow-xl focus:outline-none"
        >
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
                {searchIcon}
                Rechercher
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

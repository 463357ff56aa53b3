import * as Dialog from "@radix-ui/react-dialog";
import { DialogCloseButton } from "~/ui/dialog-close-button";
import type { LazyDialogPanelProps } from "~/ui/lazy-dialog";
import { FilterForm } from "./filter-dialog";
import type { LiveCount } from "./search-count";
import type { SearchFilters } from "./search-params";

/**
 * The 'Filtres' dialog (spec §2 Search): the filters' form (filter-dialog.tsx: active filters as
 * removable badges, the sections, 'Tout effacer'). Nothing changes until 'Voir N annonces'
 * (counted as the filters change, issue 36), which hands every non-empty filter to `onApply`
 * (the page writes the URL).
 * Loaded by `FilterDialog` (filter-button.tsx) on the first tap on 'Filtres' (decision 0021).
 */
export default function FilterDialogPanel({
  filters,
  open,
  onOpenChange,
  onCloseAutoFocus,
  onApply,
  count,
}: LazyDialogPanelProps & {
  filters: SearchFilters;
  onApply: (filters: SearchFilters) => void;
  /** The page's count of its own filters: 'Voir N annonces' before anything changes. */
  count?: LiveCount;
}) {
  const setOpen = onOpenChange;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed inset-0 z-50 flex flex-col bg-white shadow-2xl focus:outline-none wide:left-auto wide:w-[30rem]">
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <Dialog.Title className="text-lg font-bold">Filtres</Dialog.Title>
            <DialogCloseButton />
          </div>
          <Dialog.Description className="sr-only">
            Choisissez vos critères puis appliquez-les aux résultats.
          </Dialog.Description>
          <FilterForm
            initial={filters}
            count={count}
            onApply={(next) => {
              setOpen(false);
              onApply(next);
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}


import * as Dialog from "@radix-ui/react-dialog";
import type { Dispatch, SetStateAction } from "react";
import type { LazyDialogPanelProps } from "~/ui/lazy-dialog";
import type { ListingDetailPhoto } from "./listing-detail-data";
import { Arrow, navButton } from "./photo-nav";

/** The gallery's full-screen viewer: every photo, arrows and ← → keys, counter '3 / 14', Escape, 'Fermer'. Loaded when a photo is first opened. */
export default function PhotoViewer({
  photos,
  index,
  setIndex,
  label,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: LazyDialogPanelProps & {
  photos: ListingDetailPhoto[];
  index: number;
  setIndex: Dispatch<SetStateAction<number>>;
  label: (i: number) => string;
}) {
  const count = photos.length;
  const previous = () => setIndex((v) => (v - 1 + count) % count);
  const next = () => setIndex((v) => (v + 1) % count);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/90" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex items-center justify-center p-4 focus:outline-none"
          onCloseAutoFocus={onCloseAutoFocus}
          onKeyDown={(e) => {
            if (e.key === "ArrowRight") next();
            if (e.key === "ArrowLeft") previous();
          }}
        >
          <Dialog.Title className="sr-only">{label(index)}</Dialog.Title>
          <Dialog.Description className="sr-only">
            Utilisez les flèches pour changer de photo, Échap pour fermer.
          </Dialog.Description>
          <img src={photos[index]!.large} alt={label(index)} className="max-h-full max-w-full object-contain" />
          {photos.length > 1 ? (
            <>
              <button type="button" className={`${navButton} left-4`} onClick={previous} aria-label="Photo précédente">
                <Arrow direction="left" />
              </button>
              <button type="button" className={`${navButton} right-4`} onClick={next} aria-label="Photo suivante">
                <Arrow direction="right" />
              </button>
            </>
          ) : null}
          <p className="absolute bottom-4 left-1/2 -translate-x-1/2 rounded bg-white/90 px-3 py-1 text-sm font-semibold text-slate-900" aria-live="polite">
            {index + 1} / {count}
          </p>
          <Dialog.Close className="absolute right-4 top-4 rounded-full bg-white/90 px-3 py-1 text-sm font-semibold text-slate-900">
            Fermer
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

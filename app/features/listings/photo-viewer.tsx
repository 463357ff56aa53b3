import * as Dialog from "@radix-ui/react-dialog";
import type { Dispatch, SetStateAction } from "react";
import type { ListingDetailPhoto } from "./listing-detail-data";
import { Arrow, navButton } from "./photo-gallery";

/** The gallery's full-screen viewer: arrows, Escape, 'Fermer'. Loaded when a photo is first opened. */
export default function PhotoViewer({
  photos,
  index,
  setIndex,
  label,
}: {
  photos: ListingDetailPhoto[];
  index: number;
  setIndex: Dispatch<SetStateAction<number | null>>;
  label: (i: number) => string;
}) {
  const count = photos.length;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && setIndex(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/90" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex items-center justify-center p-4 focus:outline-none"
          onKeyDown={(e) => {
            if (e.key === "ArrowRight") setIndex((v) => (v === null ? v : (v + 1) % count));
            if (e.key === "ArrowLeft") setIndex((v) => (v === null ? v : (v - 1 + count) % count));
          }}
        >
          <Dialog.Title className="sr-only">{label(index)}</Dialog.Title>
          <Dialog.Description className="sr-only">
            Utilisez les flèches pour changer de photo, Échap pour fermer.
          </Dialog.Description>
          <img src={photos[index]!.large} alt={label(index)} className="max-h-full max-w-full object-contain" />
          {photos.length > 1 ? (
            <>
              <button
                type="button"
                className={`${navButton} left-4`}
                onClick={() => setIndex((v) => (v === null ? v : (v - 1 + count) % count))}
                aria-label="Photo précédente"
              >
                <Arrow direction="left" />
              </button>
              <button
                type="button"
                className={`${navButton} right-4`}
                onClick={() => setIndex((v) => (v === null ? v : (v + 1) % count))}
                aria-label="Photo suivante"
              >
                <Arrow direction="right" />
              </button>
            </>
          ) : null}
          <Dialog.Close className="absolute right-4 top-4 rounded-full bg-white/90 px-3 py-1 text-sm font-semibold text-slate-900">
            Fermer
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

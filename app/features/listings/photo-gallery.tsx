import { useEffect, useRef, useState, type MouseEvent } from "react";
import { WIDE_MEDIA } from "~/ui/breakpoints";
import { LazyDialogSlot, lazyDialog, useLazyDialog } from "~/ui/lazy-dialog";
import { PLACEHOLDER_PHOTO_SRC as PLACEHOLDER_PHOTO } from "~/ui/photo-carousel";
import type { ListingDetailPhoto } from "./listing-detail-data";
import { Arrow, navButton } from "./photo-nav";
import { deName } from "~/ui/elision";

/**
 * The first photo is in the page twice (phone strip, wide grid; CSS hides one). Same `sizes` on
 * both: whatever the screen, both pick the same file, fetched once (the strip is hidden where
 * the 66vw applies). It is the page's LCP image: eager, `fetchpriority="high"` (React preloads it).
 */
const GALLERY_MAIN_SIZES = `${WIDE_MEDIA} 66vw, 100vw`;

/**
 * A photo's button (app.css `.gallery-photo`): the photos' containers clip overflow (rounded
 * corners, scroll strip), which would hide a focus ring drawn outside the button, so the ring is
 * drawn inside, on the photo itself — visible when the viewer gives the focus back to the photo
 * that opened it.
 */
const PHOTO_BUTTON_FOCUS = "gallery-photo";

/** The full-screen viewer (Radix dialog), fetched when a photo is first opened (decision 0021). */
const { Panel: PhotoViewer, preload: preloadViewer } = lazyDialog(() => import("./photo-viewer"));

/**
 * Listing photos (spec §2 detail; up to 20, issue 34): a swipeable carousel at 768 px or less
 * (`max-wide`) with its counter ('3 / 14'), a grid of one main photo and two side photos above,
 * the last one saying 'Voir les 14 photos' when there are more; any photo opens the full-screen
 * viewer (arrows, keyboard, counter), which shows them all.
 */
export function PhotoGallery({ photos, alt }: { photos: ListingDetailPhoto[]; alt: string }) {
  // The photo the viewer shows; the viewer opens from a photo's button and gives it the focus back.
  const [viewerIndex, setViewerIndex] = useState(0);
  const viewer = useLazyDialog(preloadViewer);
  const strip = useRef<HTMLDivElement>(null);
  // The photo shown is state, moved by the arrows with functional updates (two quick taps move
  // two photos) and by swipes; the strip's scroll position follows it, never the reverse while
  // an arrow's smooth scroll is under way (its intermediate positions would undo a second tap).
  const [current, setCurrent] = useState(0);
  const scrollTarget = useRef<number | null>(null);
  const count = photos.length;

  useEffect(() => {
    const el = strip.current;
    if (!el || el.clientWidth === 0) return;
    if (Math.abs(el.scrollLeft - current * el.clientWidth) < 2) return;
    scrollTarget.current = current;
    el.scrollTo({ left: current * el.clientWidth, behavior: "smooth" });
  }, [current]);

  if (count === 0) {
    return <img src={PLACEHOLDER_PHOTO} alt="Pas de photo" className="aspect-[4/3] w-full rounded-xl bg-slate-100 object-cover wide:aspect-[16/7]" />;
  }
  const step = (delta: number) => setCurrent((i) => (i + delta + count) % count);
  /** A finger or a wheel on the strip takes over from an arrow's scroll. */
  const userScrolls = () => {
    scrollTarget.current = null;
  };
  const label = (i: number) => `${alt}, photo ${i + 1} sur ${photos.length}`;
  const openViewer = (i: number) => (event: MouseEvent<HTMLButtonElement>) => {
    setViewerIndex(i);
    viewer.show(event.currentTarget);
  };

  return (
    <>
      {/* Phones: swipe (scroll snap) or the arrows; wraps around. */}
      <div className="relative wide:hidden" aria-roledescription="carrousel" aria-label={`Photos ${deName(alt)}`}>
        <div
          ref={strip}
          className="flex snap-x snap-mandatory overflow-x-auto rounded-xl [scrollbar-width:none]"
          onPointerDown={userScrolls}
          onTouchStart={userScrolls}
          onWheel={userScrolls}
          onScroll={(e) => {
            const el = e.currentTarget;
            const width = Math.max(1, el.clientWidth);
            if (scrollTarget.current !== null) {
              if (Math.abs(el.scrollLeft - scrollTarget.current * width) < 2) scrollTarget.current = null;
              return;
            }
            setCurrent(Math.round(el.scrollLeft / width));
          }}
        >
          {photos.map((photo, i) => (
            <button key={photo.src} type="button" className={`w-full shrink-0 snap-center ${PHOTO_BUTTON_FOCUS}`} aria-haspopup="dialog" {...viewer.preloadProps} onClick={openViewer(i)} disabled={!viewer.hydrated} aria-label={`Agrandir : ${label(i)}`}>
              <img src={photo.src} srcSet={photo.srcSet} sizes={GALLERY_MAIN_SIZES} alt={label(i)} className="aspect-[4/3] w-full object-cover" loading={i === 0 ? "eager" : "lazy"} fetchPriority={i === 0 ? "high" : "auto"} />
            </button>
          ))}
        </div>
        {photos.length > 1 ? (
          <>
            <button type="button" className={`${navButton} left-2`} onClick={() => step(-1)} disabled={!viewer.hydrated} aria-label="Photo précédente">
              <Arrow direction="left" />
            </button>
            <button type="button" className={`${navButton} right-2`} onClick={() => step(1)} disabled={!viewer.hydrated} aria-label="Photo suivante">
              <Arrow direction="right" />
            </button>
            <p className="carousel-count" aria-live="polite">
              {current + 1} / {photos.length}
            </p>
          </>
        ) : null}
      </div>

      {/* Wider screens: main photo and up to two side photos. */}
      <div role="group" aria-label={`Photos ${deName(alt)}`} className={`hidden gap-2 wide:grid ${photos.length > 1 ? "grid-cols-3 grid-rows-2" : "grid-cols-1"} h-[420px] overflow-hidden rounded-xl`}>
        {photos.slice(0, 3).map((photo, i) => (
          <button
            key={photo.src}
            type="button"
            aria-haspopup="dialog"
            {...viewer.preloadProps}
            onClick={openViewer(i)}
            disabled={!viewer.hydrated}
            className={`${i === 0 ? `${photos.length > 1 ? "col-span-2 row-span-2" : ""} relative` : `relative ${photos.length === 2 ? "row-span-2" : ""}`} ${PHOTO_BUTTON_FOCUS}`}
            aria-label={`Agrandir : ${label(i)}`}
          >
            <img src={photo.src} srcSet={photo.srcSet} sizes={i === 0 ? GALLERY_MAIN_SIZES : `${WIDE_MEDIA} 33vw, 100vw`} alt={label(i)} className="absolute inset-0 h-full w-full object-cover hover:opacity-95" loading={i === 0 ? "eager" : "lazy"} fetchPriority={i === 0 ? "high" : "auto"} />
            {i > 1 && count > 3 ? <span className="gallery-more">Voir les {count} photos</span> : null}
          </button>
        ))}
      </div>

      <LazyDialogSlot mounted={viewer.mounted}>
        <PhotoViewer photos={photos} index={viewerIndex} setIndex={setViewerIndex} label={label} {...viewer.panelProps} />
      </LazyDialogSlot>
    </>
  );
}

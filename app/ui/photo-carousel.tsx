import { useState } from "react";
import { useInteractive } from "~/ui/use-interactive";

export const PLACEHOLDER_PHOTO_SRC = "/images/placeholder-vehicule.svg";

/**
 * One photo at a time with 'previous' / 'next' buttons that wrap around (spec §2), and a
 * placeholder image when there is no photo.
 */
export function PhotoCarousel({
  photos,
  alt,
  sizes = "(max-width: 640px) 100vw, 320px",
  className = "",
  priority = false,
}: {
  photos: readonly { src: string; srcSet: string }[];
  alt: string;
  sizes?: string;
  className?: string;
  /**
   * The page's LCP image (the first card of a result list): loaded at once with
   * `fetchpriority="high"`, and React's server renderer preloads it from the document head. Every
   * other photo is lazy.
   */
  priority?: boolean;
}) {
  const [index, setIndex] = useState(0);
  // The arrows need the page's JavaScript: visibly disabled until it runs (decision 0024).
  const interactive = useInteractive();
  const count = photos.length;
  const current = count ? photos[Math.min(index, count - 1)] : undefined;
  const shown = Math.min(index, Math.max(0, count - 1));
  const step = (delta: number) => setIndex((i) => (Math.min(i, count - 1) + delta + count) % count);
  return (
    <div className={`relative overflow-hidden bg-slate-100 ${className}`} aria-roledescription="carrousel" role="group" aria-label={`Photos : ${alt}`}>
      <img
        src={current?.src ?? PLACEHOLDER_PHOTO_SRC}
        srcSet={current?.srcSet}
        sizes={sizes}
        alt={count > 1 ? `${alt}, photo ${shown + 1} sur ${count}` : alt}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding="async"
        className="h-full w-full object-cover"
      />
      {count > 1 ? (
        <>
          <button
            type="button"
            onClick={() => step(-1)}
            disabled={!interactive}
            aria-label="Photo précédente"
            className="carousel-nav left-2"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <button
            type="button"
            onClick={() => step(1)}
            disabled={!interactive}
            aria-label="Photo suivante"
            className="carousel-nav right-2"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <span className="carousel-count" aria-hidden="true">
            {shown + 1} / {count}
          </span>
        </>
      ) : null}
    </div>
  );
}

import type { ConversationListing } from "./message-data";

/** The listing's first photo, small, or a grey placeholder once it has none (or is gone). */
export function ListingThumb({
  listing,
  className = "h-14 w-20",
}: {
  listing: ConversationListing;
  className?: string;
}) {
  if (!listing.photo) {
    return (
      <span
        aria-hidden="true"
        className={`flex shrink-0 items-center justify-center rounded-lg bg-slate-200 text-slate-500 ${className}`}
      >
        <svg viewBox="0 0 24 24" className="h-6 w-6 fill-current">
          <path d="M5 11l1.5-4.5A2 2 0 0 1 8.4 5h7.2a2 2 0 0 1 1.9 1.5L19 11a2 2 0 0 1 2 2v4h-2v2h-3v-2H8v2H5v-2H3v-4a2 2 0 0 1 2-2zm2.1 0h9.8l-1.2-3.6a.5.5 0 0 0-.5-.4H8.8a.5.5 0 0 0-.5.4zM6.5 15a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm11 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z" />
        </svg>
      </span>
    );
  }
  return (
    <img
      src={listing.photo.src}
      srcSet={listing.photo.srcSet}
      sizes="80px"
      alt=""
      loading="lazy"
      className={`shrink-0 rounded-lg object-cover ${className}`}
    />
  );
}

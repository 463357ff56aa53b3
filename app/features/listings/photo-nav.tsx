/**
 * The arrows shared by the listing's photo carousel (photo-gallery.tsx, first load) and its
 * full-screen viewer (photo-viewer.tsx, loaded on first use). Their own module so that neither
 * imports the other: the viewer's chunk must not point back into the page's.
 */
export function Arrow({ direction }: { direction: "left" | "right" }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
      <path
        d={direction === "left" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** A round arrow button over a photo (app.css); add its side (`left-2`, `right-4`…). */
export const navButton = "photo-nav";

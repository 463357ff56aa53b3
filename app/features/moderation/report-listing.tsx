import { lazy, Suspense, useState } from "react";
import { useInteractive } from "~/ui/use-interactive";

const ReportListingDialog = lazy(() => import("./report-listing-dialog"));
const preload = () => void import("./report-listing-dialog");

/**
 * 'Signaler l'annonce': any visitor can report a published listing to the moderators. The page
 * ships the button; the dialog (report-listing-dialog.tsx) loads on the first tap.
 */
export function ReportListing({ listingId }: { listingId: string }) {
  const hydrated = useInteractive();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={!hydrated}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setOpen(true);
          setMounted(true);
        }}
        className="text-sm text-slate-600 underline hover:text-slate-900 disabled:cursor-wait disabled:opacity-60"
      >
        Signaler l'annonce
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <ReportListingDialog listingId={listingId} open={open} setOpen={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

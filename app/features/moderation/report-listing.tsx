import { LazyDialogSlot, lazyDialog, useLazyDialog } from "~/ui/lazy-dialog";

const { Panel: ReportListingDialog, preload } = lazyDialog(() => import("./report-listing-dialog"));

/**
 * 'Signaler l'annonce': any visitor can report a published listing to the moderators. The page
 * ships the button; the dialog (report-listing-dialog.tsx) loads on the first tap.
 */
export function ReportListing({ listingId }: { listingId: string }) {
  const dialog = useLazyDialog(preload);
  return (
    <>
      <button
        {...dialog.triggerProps}
        className="text-sm text-slate-600 underline hover:text-slate-900 disabled:cursor-wait disabled:opacity-60"
      >
        Signaler l'annonce
      </button>
      <LazyDialogSlot mounted={dialog.mounted}>
        <ReportListingDialog listingId={listingId} {...dialog.panelProps} />
      </LazyDialogSlot>
    </>
  );
}

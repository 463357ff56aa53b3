import * as Dialog from "@radix-ui/react-dialog";

/** The × in a dialog's corner ("Fermer" for screen readers). */
export function DialogCloseButton({ className = "-m-2" }: { className?: string }) {
  return (
    <Dialog.Close
      aria-label="Fermer"
      className={`${className} rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
        <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </Dialog.Close>
  );
}

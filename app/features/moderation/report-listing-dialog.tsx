import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { Button } from "~/ui/button";
import type { LazyDialogPanelProps } from "~/ui/lazy-dialog";
import { REPORT_REASONS } from "./moderation-reasons";

/**
 * The dialog of 'Signaler l'annonce' (report-listing.tsx shows the button). Loaded on the first
 * tap, mounted open (decision 0021).
 */
export default function ReportListingDialog({
  listingId,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: LazyDialogPanelProps & { listingId: string }) {
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const reasonCode = String(form.get("reasonCode") ?? "");
    if (!reasonCode) return setState({ ok: false, text: "Choisissez un motif de signalement." });
    setPending(true);
    const response = await fetch(`/api/listings/${listingId}/report`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ reasonCode, message: String(form.get("message") ?? "") }),
    }).catch(() => null);
    setPending(false);
    const body = (await response?.json().catch(() => null)) as { message?: string; error?: string } | null;
    setState(
      response?.ok
        ? { ok: true, text: body?.message ?? "Signalement envoyé." }
        : { ok: false, text: body?.error ?? "Le signalement n'a pas pu être envoyé. Réessayez." },
    );
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setState(null);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed left-1/2 top-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-xl font-bold">Signaler l'annonce</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            Notre équipe examine chaque signalement.
          </Dialog.Description>
          {state?.ok ? (
            <>
              <p role="status" className="mt-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
                {state.text}
              </p>
              <Dialog.Close asChild>
                <Button className="mt-4">Fermer</Button>
              </Dialog.Close>
            </>
          ) : (
            <form noValidate className="mt-4 space-y-4" onSubmit={onSubmit}>
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium">Motif</legend>
                {Object.entries(REPORT_REASONS).map(([code, label]) => (
                  <label key={code} className="flex items-center gap-2 text-sm">
                    <input type="radio" name="reasonCode" value={code} className="accent-brand-600" />
                    {label}
                  </label>
                ))}
              </fieldset>
              <label className="block text-sm font-medium">
                Précisions (facultatif)
                <textarea
                  name="message"
                  rows={3}
                  maxLength={2000}
                  className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
                />
              </label>
              {state ? (
                <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                  {state.text}
                </p>
              ) : null}
              <div className="flex gap-2">
                <Button type="submit" disabled={pending}>
                  Envoyer le signalement
                </Button>
                <Dialog.Close asChild>
                  <Button variant="ghost">Annuler</Button>
                </Dialog.Close>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

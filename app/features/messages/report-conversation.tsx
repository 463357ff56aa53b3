import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { useFetcher } from "react-router";
import { CONVERSATION_REPORT_REASONS } from "~/features/moderation/moderation-reasons";
import { Button } from "~/ui/button";

type ReportAnswer = { ok?: string; error?: string; intent?: string };

/** 'Signaler la conversation': the participant's report goes to the moderators' Reports tab. */
export function ReportConversation() {
  const [open, setOpen] = useState(false);
  // A fresh fetcher per opening: a finished report does not show again next time.
  const [round, setRound] = useState(0);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setRound((r) => r + 1);
      }}
    >
      <Dialog.Trigger className="text-sm text-slate-600 underline hover:text-slate-900">
        Signaler la conversation
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-bold">Signaler la conversation</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            Notre équipe de modération lira les derniers messages de cette conversation pour traiter votre signalement.
          </Dialog.Description>
          <ReportForm key={round} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReportForm() {
  const fetcher = useFetcher<ReportAnswer>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  if (answer?.ok) {
    return (
      <>
        <p role="status" className="mt-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {answer.ok}
        </p>
        <Dialog.Close asChild>
          <Button className="mt-4">Fermer</Button>
        </Dialog.Close>
      </>
    );
  }
  return (
    <fetcher.Form noValidate method="post" className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="report" />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Motif</legend>
        {Object.entries(CONVERSATION_REPORT_REASONS).map(([code, label]) => (
          <label key={code} className="flex items-center gap-2 text-sm">
            <input type="radio" name="reasonCode" value={code} required className="accent-brand-600" />
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
      {answer?.error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {answer.error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Envoyer le signalement
        </Button>
        <Dialog.Close asChild>
          <Button variant="ghost">Annuler</Button>
        </Dialog.Close>
      </div>
    </fetcher.Form>
  );
}

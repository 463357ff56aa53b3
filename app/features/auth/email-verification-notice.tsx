import { useState } from "react";
import { useLocation } from "react-router";
import { Button } from "~/ui/button";
import { useInteractive } from "~/ui/use-interactive";
import { EMAIL_VERIFICATION_TEXTS, confirmationCallback } from "./email-verification";

/**
 * Where an unconfirmed account is stopped (publishing, messaging): what to do, and
 * 'Renvoyer l'e-mail' (Better Auth's /send-verification-email, rate-limited) whose link
 * brings the user back to this page.
 */
export function EmailVerificationNotice({ email, reason }: { email: string; reason: "publish" | "message" | "alerts" }) {
  const location = useLocation();
  const [state, setState] = useState<"idle" | "sending" | "sent" | "failed">("idle");
  const interactive = useInteractive();
  async function resend() {
    setState("sending");
    const response = await fetch("/api/auth/send-verification-email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, callbackURL: confirmationCallback(location.pathname + location.search) }),
    }).catch(() => null);
    setState(response?.ok ? "sent" : "failed");
  }
  return (
    <div role="region" aria-label="Adresse e-mail à confirmer" className="space-y-3 rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200">
      <p className="font-semibold">{EMAIL_VERIFICATION_TEXTS[reason]}</p>
      <p className="text-sm">
        Le lien a été envoyé à <strong className="break-all">{email}</strong>. Vous pouvez déjà parcourir les annonces et garder vos favoris.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" disabled={state === "sending" || state === "sent" || !interactive} onClick={() => void resend()}>
          {EMAIL_VERIFICATION_TEXTS.resend}
        </Button>
        {state === "sent" ? (
          <p role="status" className="text-sm">
            {EMAIL_VERIFICATION_TEXTS.resent}
          </p>
        ) : state === "failed" ? (
          <p role="alert" className="text-sm text-red-800">
            {EMAIL_VERIFICATION_TEXTS.resendFailed}
          </p>
        ) : null}
      </div>
    </div>
  );
}

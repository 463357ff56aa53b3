import { Button } from "~/ui/button";
import { useInteractive } from "~/ui/use-interactive";
import { EMAIL_VERIFICATION_TEXTS } from "./email-verification";
import { ResendOutcome, useResendVerification } from "./resend-verification";

/**
 * Where an unconfirmed account is stopped (publishing, messaging): what to do, and
 * 'Renvoyer l'e-mail' (Better Auth's /send-verification-email, rate-limited) whose link
 * brings the user back to this page.
 */
export function EmailVerificationNotice({ email, reason }: { email: string; reason: "publish" | "message" | "alerts" | "pro" }) {
  const { state, resend, busy } = useResendVerification(email);
  const interactive = useInteractive();
  return (
    <div role="region" aria-label="Adresse e-mail à confirmer" className="space-y-3 rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200">
      <p className="font-semibold">{EMAIL_VERIFICATION_TEXTS[reason]}</p>
      <p className="text-sm">
        Le lien a été envoyé à <strong className="break-all">{email}</strong>. Vous pouvez déjà parcourir les annonces et garder vos favoris.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" disabled={busy || !interactive} onClick={() => void resend()}>
          {EMAIL_VERIFICATION_TEXTS.resend}
        </Button>
        <ResendOutcome state={state} />
      </div>
    </div>
  );
}

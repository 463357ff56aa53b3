import { useState } from "react";
import { useLocation } from "react-router";
import { EMAIL_VERIFICATION_TEXTS, confirmationCallback } from "./email-verification";

export type ResendState = "idle" | "sending" | "sent" | "failed";

/**
 * 'Renvoyer' the confirmation e-mail (Better Auth's /send-verification-email, rate-limited);
 * its link comes back to this page with the 'Adresse e-mail confirmée' banner.
 */
export function useResendVerification(email: string) {
  const location = useLocation();
  const [state, setState] = useState<ResendState>("idle");
  async function resend() {
    setState("sending");
    const callbackURL = confirmationCallback(location.pathname + location.search);
    // Plain fetch, not auth-client: this notice ships with the listing page, whose first load
    // must not carry the sign-in code (decision 0021, scripts/bundle-budget.ts).
    const response = await fetch("/api/auth/send-verification-email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, callbackURL }),
    }).catch(() => null);
    setState(response?.ok ? "sent" : "failed");
  }
  return { state, resend, busy: state === "sending" || state === "sent" };
}

/** What became of 'Renvoyer': sent (check the spam folder too) or failed. */
export function ResendOutcome({ state, className = "text-sm" }: { state: ResendState; className?: string }) {
  if (state === "sent") {
    return (
      <p role="status" className={className}>
        {EMAIL_VERIFICATION_TEXTS.resent}
      </p>
    );
  }
  if (state === "failed") {
    return (
      <p role="alert" className={`${className} text-red-800`}>
        {EMAIL_VERIFICATION_TEXTS.resendFailed}
      </p>
    );
  }
  return null;
}

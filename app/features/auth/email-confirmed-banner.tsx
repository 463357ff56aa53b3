import { useState } from "react";
import { useSearchParams } from "react-router";
import { useOptionalUser } from "./session-user";
import { EMAIL_CONFIRMED_PARAM, EMAIL_VERIFICATION_TEXTS } from "./email-verification";

/**
 * After the sign-up e-mail's link (its callback URL carries `?email-confirme=1`): says the
 * account may now publish and write to sellers. Shown only once the session says so.
 */
export function EmailConfirmedBanner() {
  const [params] = useSearchParams();
  const user = useOptionalUser();
  const [closed, setClosed] = useState(false);
  if (closed || !params.has(EMAIL_CONFIRMED_PARAM) || !user?.emailVerified) return null;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4">
      <p
        role="status"
        className="flex items-start justify-between gap-3 rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900 ring-1 ring-emerald-200"
      >
        <span>{EMAIL_VERIFICATION_TEXTS.confirmed}</span>
        <button type="button" className="shrink-0 underline" onClick={() => setClosed(true)}>
          Fermer
        </button>
      </p>
    </div>
  );
}

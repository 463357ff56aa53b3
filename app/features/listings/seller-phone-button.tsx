import { useState } from "react";
import { useAuthDialog } from "~/features/auth/auth-dialog";
import { useOptionalUser } from "~/features/auth/session-user";
import { Button } from "~/ui/button";
import { useInteractive } from "~/ui/use-interactive";

export const NO_PHONE_TEXT = "Numéro non communiqué";

/**
 * 'Téléphone' on a listing (spec §2 detail). Signed-in visitors get the number from
 * POST /api/listings/:id/phone (counted once per visitor, rate-limited); signed out, the login
 * popup comes first. A seller without a number still shows 'Téléphone' and a click says
 * 'Numéro non communiqué' (GUIDE §6.12) — no sign-in asked for a number that does not exist.
 *
 * `compact` (the phone contact bar): a button sized to its text, and its messages in a bubble
 * above the bar rather than under the button.
 */
export function SellerPhoneButton({ listingId, hasPhone, compact = false }: { listingId: string; hasPhone: boolean; compact?: boolean }) {
  // Needs the page's JavaScript: visibly disabled until it runs (decision 0024).
  const interactive = useInteractive();
  const user = useOptionalUser();
  const { openAuthDialog } = useAuthDialog();
  const [phone, setPhone] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  if (phone) {
    return (
      <a
        href={`tel:${phone.replace(/\s/g, "")}`}
        className={`block whitespace-nowrap rounded-lg bg-emerald-50 py-2.5 text-center font-semibold text-emerald-900 ring-1 ring-emerald-200 ${compact ? "px-3 text-sm" : "px-4"}`}
      >
        {phone}
      </a>
    );
  }

  async function reveal() {
    setMessage(null);
    if (!hasPhone) return setMessage({ text: NO_PHONE_TEXT, error: false });
    if (!user) return openAuthDialog({ mode: "login", reason: "Connectez-vous pour voir le numéro du vendeur." });
    const response = await fetch(`/api/listings/${listingId}/phone`, { method: "POST" }).catch(() => null);
    const body = (await response?.json().catch(() => null)) as { phone?: string | null; error?: string } | null;
    if (!response?.ok) return setMessage({ text: body?.error ?? "Le numéro n'a pas pu être affiché.", error: true });
    if (body?.phone) setPhone(body.phone);
    else setMessage({ text: NO_PHONE_TEXT, error: false });
  }

  return (
    <div>
      <Button variant="secondary" className={compact ? "whitespace-nowrap px-3" : "w-full"} disabled={!interactive} onClick={() => void reveal()}>
        Téléphone
      </Button>
      {message ? (
        <p
          role={message.error ? "alert" : "status"}
          className={`text-sm ${message.error ? "text-red-700" : "text-slate-700"} ${compact ? BUBBLE : "mt-2"}`}
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}

/** A message of the contact bar, above it (the bar is its positioned ancestor). */
export const BUBBLE = "absolute inset-x-4 bottom-full mb-2 rounded-lg bg-white px-3 py-2 shadow-lg ring-1 ring-slate-200";

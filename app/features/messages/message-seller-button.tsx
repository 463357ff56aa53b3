import { Suspense, lazy, useState } from "react";
import { useNavigate } from "react-router";
import { useAuthDialog } from "~/features/auth/auth-dialog";
import { useOptionalUser } from "~/features/auth/session-user";
import { Button } from "~/ui/button";
import { useInteractive } from "~/ui/use-interactive";
import { DISPLAY_NAME_MISSING_CODE, EMAIL_UNVERIFIED_CODE } from "~/features/auth/email-verification";
// Shown only after a 403 ('email_unverified', 'display_name_missing'): loaded then, not with
// the listing page (decision 0021's first-load budget).
const EmailVerificationNotice = lazy(() =>
  import("~/features/auth/email-verification-notice").then((m) => ({ default: m.EmailVerificationNotice })),
);
const DisplayNamePrompt = lazy(() =>
  import("~/features/account/display-name-prompt").then((m) => ({ default: m.DisplayNamePrompt })),
);
import { MESSAGE_TEXTS } from "./message-data";

/**
 * 'Message' on a listing: opens (or creates) the visitor's conversation with the seller and
 * goes to it. Signed out, the login popup comes first and the conversation opens after it.
 * `compact` (the phone contact bar): a button sized to its text, and its notices in
 * `bubbleClassName` (above the bar) rather than under the button.
 */
export function MessageSellerButton({ listingId, compact = false, bubbleClassName = "" }: { listingId: string; compact?: boolean; bubbleClassName?: string }) {
  // Needs the page's JavaScript: visibly disabled until it runs (decision 0024).
  const interactive = useInteractive();
  const user = useOptionalUser();
  const { openAuthDialog } = useAuthDialog();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState(false);
  const [unnamed, setUnnamed] = useState(false);

  async function openConversation() {
    setError(null);
    setPending(true);
    const response = await fetch(`/api/listings/${listingId}/conversation`, {
      method: "POST",
      headers: { accept: "application/json" },
    }).catch(() => null);
    const body = (await response?.json().catch(() => null)) as { id?: string; error?: string; code?: string } | null;
    setPending(false);
    if (response?.status === 403 && body?.code === EMAIL_UNVERIFIED_CODE) return setUnverified(true);
    if (response?.status === 403 && body?.code === DISPLAY_NAME_MISSING_CODE) return setUnnamed(true);
    if (!response?.ok || !body?.id)
      return setError(body?.error ?? "La conversation n'a pas pu être ouverte. Réessayez.");
    await navigate(`/messages/${body.id}`);
  }

  return (
    <div>
      <Button
        className={compact ? "whitespace-nowrap px-3" : "w-full"}
        disabled={pending || !interactive}
        onClick={() => {
          if (user) void openConversation();
          else
            openAuthDialog({
              mode: "login",
              reason: MESSAGE_TEXTS.signedOut,
              onSuccess: () => void openConversation(),
            });
        }}
      >
        Message
      </Button>
      {unverified && user ? (
        <div className={compact ? bubbleClassName : "mt-2"}>
          <Suspense fallback={null}>
            <EmailVerificationNotice email={user.email} reason="message" />
          </Suspense>
        </div>
      ) : null}
      {unnamed && user ? (
        <div className={compact ? bubbleClassName : "mt-2"}>
          <Suspense fallback={null}>
            <DisplayNamePrompt
              purpose="message"
              onDone={() => {
                setUnnamed(false);
                void openConversation();
              }}
            />
          </Suspense>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className={`text-sm text-red-700 ${compact ? bubbleClassName : "mt-2"}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

import { Button } from "~/ui/button";
import { useAuthDialog, type OpenOptions } from "./auth-dialog";

/**
 * The block a private page shows to a visitor who is not signed in: what the page needs, and
 * 'Se connecter', which opens the login popup (with `options`: the reason shown above the form,
 * what to do once signed in).
 */
export function SignInRequired({ message, options }: { message: string; options?: OpenOptions }) {
  const { openAuthDialog } = useAuthDialog();
  return (
    <div role="alert" className="rounded-xl bg-white p-6 shadow-sm">
      <p>{message}</p>
      <Button className="mt-4" onClick={() => openAuthDialog({ mode: "login", ...options })}>
        Se connecter
      </Button>
    </div>
  );
}

import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/ui/button";
import { DialogCloseButton } from "~/ui/dialog-close-button";
import { TextField } from "~/ui/text-field";
import { authRequest, signInWithPopup } from "./auth-client";
import type { AuthDialogState, AuthMode } from "./auth-dialog";
import { authErrorMessage } from "./auth-errors";
import { emailProblem, PASSWORD_REQUIRED } from "./email-rules";
import { MISMATCH_MESSAGE, passwordProblem } from "./password-policy";
import { useRootData } from "./session-user";

/**
 * The login / sign-up popup itself (Radix dialog, auth client, password rules). Loaded by
 * `AuthDialogProvider` the first time something opens it, so that no page ships it up front
 * (decision 0021).
 */
export default function AuthDialog({
  state,
  setState,
}: {
  state: AuthDialogState;
  setState: (update: (previous: AuthDialogState | null) => AuthDialogState | null) => void;
}) {
  return (
    <Dialog.Root open={state.open} onOpenChange={(open) => setState((s) => (s ? { ...s, open } : s))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
          <AuthForm
            key={state.key}
            initialMode={state.mode ?? "login"}
            reason={state.reason}
            onDone={() => {
              setState((s) => (s ? { ...s, open: false } : s));
              state.onSuccess?.();
            }}
          />
          <DialogCloseButton className="absolute right-3 top-3" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const TITLES: Record<AuthMode, string> = {
  login: "Connexion",
  signup: "Créer un compte",
  forgot: "Mot de passe oublié",
};

function AuthForm({ initialMode, reason, onDone }: { initialMode: AuthMode; reason?: string; onDone: () => void }) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const { identityProvider } = useRootData();
  const revalidator = useRevalidator();

  const switchMode = (next: AuthMode) => {
    setMode(next);
    setError(null);
    setNotice(null);
  };

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    setError(null);
    setNotice(null);
    // The form has noValidate: these checks replace the browser's bubbles (in its own language).
    const problem = emailProblem(email) ?? (mode === "login" && password === "" ? PASSWORD_REQUIRED : null);
    if (problem) return setError(`Erreur : ${problem}`);
    if (mode === "signup") {
      if (password !== String(form.get("confirmPassword") ?? "")) return setError(MISMATCH_MESSAGE);
      const problem = passwordProblem(password);
      if (problem) return setError(`Erreur : ${problem}`);
    }
    setPending(true);
    const result =
      mode === "login"
        ? await authRequest("/sign-in/email", { email, password, rememberMe: true })
        : mode === "signup"
          ? await authRequest("/sign-up/email", { email, password, name: email.split("@")[0] ?? "Utilisateur" })
          : await authRequest("/request-password-reset", { email, redirectTo: "/reinitialiser-mot-de-passe" });
    setPending(false);
    if (result.error) {
      return setError(
        `Erreur : ${result.error.code === "WEAK_PASSWORD" && result.error.message ? result.error.message : authErrorMessage(result.error)}`,
      );
    }
    if (mode === "forgot") {
      return setNotice(
        "Si un compte existe pour cette adresse, un e-mail avec un lien de réinitialisation vient d'être envoyé.",
      );
    }
    await revalidator.revalidate();
    onDone();
  }

  const [waitingPopup, setWaitingPopup] = useState<AbortController | null>(null);

  async function onIdentityProvider() {
    if (!identityProvider) return;
    setError(null);
    setPending(true);
    const controller = new AbortController();
    setWaitingPopup(controller);
    const result = await signInWithPopup(controller.signal);
    setWaitingPopup(null);
    setPending(false);
    if (controller.signal.aborted) return;
    if (!result.ok) {
      return setError(`Erreur avec ${identityProvider.label} : ${authErrorMessage({ code: result.code })}`);
    }
    await revalidator.revalidate();
    onDone();
  }

  return (
    <div>
      <Dialog.Title className="text-xl font-bold">{TITLES[mode]}</Dialog.Title>
      <Dialog.Description className="mt-1 text-sm text-slate-600">
        {reason ??
          (mode === "forgot"
            ? "Indiquez votre adresse e-mail : nous vous enverrons un lien pour choisir un nouveau mot de passe."
            : "Accédez à vos annonces, vos favoris et vos messages.")}
      </Dialog.Description>

      <form className="mt-5 space-y-4" onSubmit={onSubmit} noValidate>
        <TextField label="Adresse e-mail" name="email" type="email" autoComplete="email" required autoFocus />
        {mode !== "forgot" ? (
          <TextField
            label="Mot de passe"
            name="password"
            type="password"
            autoComplete={mode === "signup" ? "new-password" : "current-password"}
            required
            minLength={mode === "signup" ? 8 : undefined}
          />
        ) : null}
        {mode === "signup" ? (
          <TextField
            label="Confirmer le mot de passe"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
          />
        ) : null}

        {error ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        {notice ? (
          <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
            {notice}
          </p>
        ) : null}

        <Button type="submit" className="w-full" disabled={pending}>
          {mode === "login" ? "Se connecter" : mode === "signup" ? "Créer mon compte" : "Envoyer le lien"}
        </Button>
      </form>

      {mode === "login" ? (
        <button type="button" className="mt-3 text-sm text-brand-700 underline" onClick={() => switchMode("forgot")}>
          Mot de passe oublié ?
        </button>
      ) : null}

      {identityProvider && mode !== "forgot" ? (
        <>
          <div className="my-5 flex items-center gap-3 text-xs uppercase text-slate-500">
            <span className="h-px flex-1 bg-slate-200" />
            ou
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          {waitingPopup ? (
            <p role="status" className="text-center text-sm text-slate-600">
              Terminez la connexion dans la fenêtre {identityProvider.label}…{" "}
              <button
                type="button"
                className="font-semibold text-brand-700 underline"
                onClick={() => waitingPopup.abort()}
              >
                Annuler
              </button>
            </p>
          ) : (
            <Button
              type="button"
              variant="secondary"
              className="w-full"
              disabled={pending}
              onClick={onIdentityProvider}
            >
              Continuer avec {identityProvider.label}
            </Button>
          )}
        </>
      ) : null}

      <p className="mt-5 text-center text-sm text-slate-600">
        {mode === "login" ? (
          <>
            Pas encore de compte ?{" "}
            <button
              type="button"
              className="font-semibold text-brand-700 underline"
              onClick={() => switchMode("signup")}
            >
              Inscription
            </button>
          </>
        ) : (
          <>
            Déjà inscrit ?{" "}
            <button
              type="button"
              className="font-semibold text-brand-700 underline"
              onClick={() => switchMode("login")}
            >
              Connexion
            </button>
          </>
        )}
      </p>
    </div>
  );
}

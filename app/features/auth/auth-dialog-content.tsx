import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { useLocation, useRevalidator } from "react-router";
import { Button } from "~/ui/button";
import { DialogCloseButton } from "~/ui/dialog-close-button";
import { TextField } from "~/ui/text-field";
import { authRequest, signInWithPopup } from "./auth-client";
import type { AuthDialogState, AuthMode } from "./auth-dialog";
import { authErrorMessage } from "./auth-errors";
import { emailProblem, PASSWORD_REQUIRED } from "./email-rules";
import { MISMATCH_MESSAGE, passwordProblem } from "./password-policy";
import { useRootData } from "./session-user";
import { EMAIL_VERIFICATION_TEXTS, confirmationCallback, maskEmail } from "./email-verification";
import { ResendOutcome, useResendVerification } from "./resend-verification";
import { DISPLAY_NAME_LABEL, checkDisplayName } from "~/features/account/display-name";

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

type SignUpField = "displayName" | "email" | "password" | "confirmPassword";
type FieldErrors = Partial<Record<SignUpField, string>>;

/** Every sign-up problem at once, each for its field (issue 33). */
function signUpProblems(form: FormData): FieldErrors {
  const errors: FieldErrors = {};
  const name = checkDisplayName(String(form.get("displayName") ?? ""));
  if (!name.ok) errors.displayName = `Erreur : ${name.message}`;
  const email = emailProblem(String(form.get("email") ?? "").trim());
  if (email) errors.email = `Erreur : ${email}`;
  const password = String(form.get("password") ?? "");
  const weak = password === "" ? PASSWORD_REQUIRED : passwordProblem(password);
  if (weak) errors.password = `Erreur : ${weak}`;
  else if (password !== String(form.get("confirmPassword") ?? "")) errors.confirmPassword = MISMATCH_MESSAGE;
  return errors;
}

/** Which sign-up field a server refusal belongs to. */
const FIELD_OF_CODE: Record<string, SignUpField> = {
  INVALID_DISPLAY_NAME: "displayName",
  USER_ALREADY_EXISTS: "email",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "email",
  INVALID_EMAIL: "email",
  WEAK_PASSWORD: "password",
  PASSWORD_TOO_SHORT: "password",
  PASSWORD_TOO_LONG: "password",
};

function AuthForm({ initialMode, reason, onDone }: { initialMode: AuthMode; reason?: string; onDone: () => void }) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  /** The address just signed up with: the dialog then says to check the inbox. */
  const [signedUp, setSignedUp] = useState<string | null>(null);
  const { identityProvider } = useRootData();
  const revalidator = useRevalidator();
  const location = useLocation();

  const switchMode = (next: AuthMode) => {
    setMode(next);
    setError(null);
    setFieldErrors({});
    setNotice(null);
  };

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    setError(null);
    setFieldErrors({});
    setNotice(null);
    // The form has noValidate: these checks replace the browser's bubbles (in its own language).
    if (mode === "signup") {
      const problems = signUpProblems(form);
      if (Object.keys(problems).length > 0) return setFieldErrors(problems);
    } else {
      const problem = emailProblem(email) ?? (mode === "login" && password === "" ? PASSWORD_REQUIRED : null);
      if (problem) return setError(`Erreur : ${problem}`);
    }
    setPending(true);
    const callbackURL = confirmationCallback(location.pathname + location.search);
    const result =
      mode === "login"
        ? await authRequest("/sign-in/email", { email, password, rememberMe: true })
        : mode === "signup"
          ? await authRequest("/sign-up/email", {
              email,
              password,
              displayName: String(form.get("displayName") ?? ""),
              name: String(form.get("displayName") ?? ""),
              callbackURL,
            })
          : await authRequest("/request-password-reset", { email, redirectTo: "/reinitialiser-mot-de-passe" });
    setPending(false);
    if (result.error) {
      const serverMessage =
        (result.error.code === "WEAK_PASSWORD" || result.error.code === "INVALID_DISPLAY_NAME") && result.error.message
          ? result.error.message
          : authErrorMessage(result.error);
      const field = mode === "signup" && result.error.code ? FIELD_OF_CODE[result.error.code] : undefined;
      if (field) return setFieldErrors({ [field]: `Erreur : ${serverMessage}` });
      return setError(`Erreur : ${serverMessage}`);
    }
    if (mode === "forgot") {
      return setNotice(
        "Si un compte existe pour cette adresse, un e-mail avec un lien de réinitialisation vient d'être envoyé.",
      );
    }
    await revalidator.revalidate();
    if (mode === "signup") return setSignedUp(email);
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

      {signedUp ? (
        <CheckInbox
          email={signedUp}
          onDone={onDone}
        />
      ) : (
        <>
          <form className="mt-5 space-y-4" onSubmit={onSubmit} noValidate>
            {mode === "signup" ? (
              <TextField
                label={DISPLAY_NAME_LABEL}
                name="displayName"
                autoComplete="nickname"
                hint="Le nom que verront les acheteurs et les vendeurs. Votre nom de famille reste privé."
                maxLength={60}
                required
                autoFocus
                error={fieldErrors.displayName}
              />
            ) : null}
            <TextField
              label="Adresse e-mail"
              name="email"
              type="email"
              autoComplete="email"
              required
              autoFocus={mode !== "signup"}
              error={fieldErrors.email}
            />
            {mode !== "forgot" ? (
              <TextField
                label="Mot de passe"
                name="password"
                type="password"
                autoComplete={mode === "signup" ? "new-password" : "current-password"}
                required
                minLength={mode === "signup" ? 8 : undefined}
                error={fieldErrors.password}
              />
            ) : null}
            {mode === "signup" ? (
              <TextField
                label="Confirmer le mot de passe"
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                required
                error={fieldErrors.confirmPassword}
              />
            ) : null}

            {error ? (
              <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                {error}
              </p>
            ) : Object.keys(fieldErrors).length > 0 ? (
              <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                {Object.keys(fieldErrors).length === 1
                  ? "Erreur : un champ est à corriger."
                  : `Erreur : ${Object.keys(fieldErrors).length} champs sont à corriger.`}
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
            <button
              type="button"
              className="mt-3 text-sm text-brand-700 underline"
              onClick={() => switchMode("forgot")}
            >
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
        </>
      )}
    </div>
  );
}

/**
 * After 'Créer mon compte': the account exists and is signed in, but publishing and writing
 * to sellers wait for the link just e-mailed (issue 33's notice, with 'Renvoyer').
 */
function CheckInbox({ email, onDone }: { email: string; onDone: () => void }) {
  const { state, resend, busy } = useResendVerification(email);
  return (
    <div className="mt-5 space-y-4">
      <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        {EMAIL_VERIFICATION_TEXTS.checkInbox(maskEmail(email))}
      </p>
      <p className="text-sm text-slate-600">
        Vous pouvez déjà parcourir les annonces et garder vos favoris ; le lien vous permettra de publier et d'écrire
        aux vendeurs.
      </p>
      <ResendOutcome state={state} className="text-sm text-slate-700" />
      <div className="flex flex-wrap gap-3">
        <Button type="button" className="flex-1" onClick={onDone}>
          Continuer
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={busy}
          onClick={() => void resend()}
        >
          {EMAIL_VERIFICATION_TEXTS.resendShort}
        </Button>
      </div>
    </div>
  );
}

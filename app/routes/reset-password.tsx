import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { authRequest } from "~/features/auth/auth-client";
import { useAuthDialog } from "~/features/auth/auth-dialog";
import { authErrorMessage } from "~/features/auth/auth-errors";
import { MISMATCH_MESSAGE, passwordProblem } from "~/features/auth/password-policy";
import { Button, buttonClasses } from "~/ui/button";
import { pageMeta } from "~/ui/seo";
import { TextField } from "~/ui/text-field";

export function meta() {
  return [...pageMeta("Nouveau mot de passe", "Choisissez un nouveau mot de passe pour votre compte."), { name: "robots", content: "noindex" }];
}

/** Landing page of the reset e-mail's link (Better Auth checks the token, then redirects here). */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(
    params.get("error") || !token ? { ok: false, text: `Erreur : ${authErrorMessage({ code: "INVALID_TOKEN" })}` } : null,
  );
  const [pending, setPending] = useState(false);
  const { openAuthDialog } = useAuthDialog();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const newPassword = String(form.get("newPassword") ?? "");
    if (newPassword !== String(form.get("confirmPassword") ?? "")) return setState({ ok: false, text: MISMATCH_MESSAGE });
    const problem = passwordProblem(newPassword);
    if (problem) return setState({ ok: false, text: `Erreur : ${problem}` });
    setPending(true);
    const { error } = await authRequest("/reset-password", { newPassword, token });
    setPending(false);
    setState(
      error
        ? { ok: false, text: `Erreur : ${authErrorMessage(error)}` }
        : { ok: true, text: "Votre mot de passe a été modifié. Toutes vos sessions ont été déconnectées : connectez-vous avec le nouveau mot de passe." },
    );
  }

  const done = state?.ok === true;
  const broken = !token || params.get("error");
  return (
    <div className="mx-auto max-w-md rounded-xl bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold">Nouveau mot de passe</h1>
      {state ? (
        <p role={state.ok ? "status" : "alert"} className={`mt-4 rounded-lg px-3 py-2 text-sm ${state.ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800"}`}>
          {state.text}
        </p>
      ) : null}
      {done ? (
        <Button className="mt-4" onClick={() => openAuthDialog({ mode: "login" })}>
          Se connecter
        </Button>
      ) : broken ? (
        <Link to="/home" className={buttonClasses("secondary", "mt-4")}>
          Retour à l'accueil
        </Link>
      ) : (
        <form noValidate className="mt-4 space-y-4" onSubmit={onSubmit}>
          <TextField label="Nouveau mot de passe" name="newPassword" type="password" autoComplete="new-password" required minLength={8} hint="8 caractères au moins, avec des lettres et un chiffre ou un symbole." />
          <TextField label="Confirmer le mot de passe" name="confirmPassword" type="password" autoComplete="new-password" required />
          <Button type="submit" disabled={pending}>
            Enregistrer le nouveau mot de passe
          </Button>
        </form>
      )}
    </div>
  );
}

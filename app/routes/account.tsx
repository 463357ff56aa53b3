import { useState } from "react";
import { data, Form, redirect, useActionData, useNavigation, useRevalidator } from "react-router";
import { deleteAccount, getAccountProfile } from "~/features/account/account.server";
import { DELETE_CONFIRMATION } from "~/features/account/profile-schemas";
import { authRequest } from "~/features/auth/auth-client";
import { authErrorMessage } from "~/features/auth/auth-errors";
import { MISMATCH_MESSAGE, passwordProblem } from "~/features/auth/password-policy";
import { lookUpSession, requireUser } from "~/features/auth/session.server";
import { isAppError } from "~/server/app-error";
import { Breadcrumb } from "~/ui/breadcrumb";
import { Button } from "~/ui/button";
import { formatDateTime } from "~/ui/format";
import { pageMeta } from "~/ui/seo";
import { TextField } from "~/ui/text-field";
import type { Route } from "./+types/account";
import { readFormData } from "~/server/request-body.server";

export function meta() {
  return [...pageMeta("Connexion et sécurité", "Mot de passe, appareils connectés et suppression du compte."), { name: "robots", content: "noindex" }];
}

/** A readable device name from a User-Agent ("Chrome sur Linux"). */
function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return "Appareil inconnu";
  const browser = /Edg\//.test(userAgent) ? "Edge" : /Firefox\//.test(userAgent) ? "Firefox" : /Chrome\//.test(userAgent) ? "Chrome" : /Safari\//.test(userAgent) ? "Safari" : "Navigateur";
  const os = /Android/.test(userAgent) ? "Android" : /iPhone|iPad/.test(userAgent) ? "iOS" : /Windows/.test(userAgent) ? "Windows" : /Mac OS X/.test(userAgent) ? "macOS" : /Linux/.test(userAgent) ? "Linux" : "système inconnu";
  return `${browser} sur ${os}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireUser(request, context.services);
  const { auth, db } = context.services;
  const [profile, sessions, current] = await Promise.all([
    getAccountProfile({ db, userId: me.id }),
    auth.api.listSessions({ headers: request.headers }),
    lookUpSession(request, context.services),
  ]);
  return {
    hasPassword: profile.hasPassword,
    sessions: sessions
      .map((s) => ({
        id: s.id,
        device: describeDevice(s.userAgent),
        createdAt: new Date(s.createdAt).toISOString(),
        current: s.id === current?.session.id,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.createdAt.localeCompare(a.createdAt)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireUser(request, context.services);
  const form = await readFormData(request);
  if (form.get("intent") !== "delete-account") return data({ errors: { form: "Action inconnue." } }, { status: 400 });
  try {
    await deleteAccount({
      db: context.services.db,
      storage: context.services.storage,
      userId: me.id,
      password: String(form.get("password") ?? ""),
      confirmation: String(form.get("confirmation") ?? ""),
    });
  } catch (error) {
    if (isAppError(error)) return data({ errors: error.details?.fieldErrors ?? { form: error.message } }, { status: error.status });
    throw error;
  }
  context.services.logger.info({ userId: me.id }, "compte supprimé");
  return redirect("/home");
}

export default function AccountSecurity({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Breadcrumb items={[{ label: "Compte", to: "/account-settings" }, { label: "Connexion et sécurité" }]} />
      <h1 className="text-2xl font-bold">Connexion et sécurité</h1>
      {loaderData.hasPassword ? (
        <ChangePassword />
      ) : (
        <section className="rounded-xl bg-white p-6 shadow-sm">
          <h2 className="text-lg font-semibold">Mot de passe</h2>
          <p className="mt-1 text-sm text-slate-600">
            Vous vous connectez avec un fournisseur d'identité : votre compte n'a pas de mot de passe Occazio.
          </p>
        </section>
      )}
      <Sessions sessions={loaderData.sessions} />
      <DeleteAccount hasPassword={loaderData.hasPassword} />
    </div>
  );
}

function ChangePassword() {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const revalidator = useRevalidator();
  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const newPassword = String(form.get("newPassword") ?? "");
    if (!form.get("currentPassword")) return setMessage({ ok: false, text: "Erreur : saisissez votre mot de passe actuel." });
    if (newPassword !== String(form.get("confirmPassword") ?? "")) return setMessage({ ok: false, text: MISMATCH_MESSAGE });
    const problem = passwordProblem(newPassword);
    if (problem) return setMessage({ ok: false, text: `Erreur : ${problem}` });
    setPending(true);
    const { error } = await authRequest("/change-password", {
      currentPassword: String(form.get("currentPassword") ?? ""),
      newPassword,
      revokeOtherSessions: true,
    });
    setPending(false);
    if (error) return setMessage({ ok: false, text: `Erreur : ${authErrorMessage(error)}` });
    formElement.reset();
    setMessage({ ok: true, text: "Mot de passe modifié. Vos autres appareils ont été déconnectés." });
    void revalidator.revalidate();
  }
  return (
    <section aria-labelledby="password-title" className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id="password-title" className="text-lg font-semibold">
        Changer de mot de passe
      </h2>
      <form noValidate className="mt-4 space-y-4" onSubmit={onSubmit}>
        <TextField label="Mot de passe actuel" name="currentPassword" type="password" autoComplete="current-password" required />
        <TextField label="Nouveau mot de passe" name="newPassword" type="password" autoComplete="new-password" required minLength={8} hint="8 caractères au moins, avec des lettres et un chiffre ou un symbole." />
        <TextField label="Confirmer le nouveau mot de passe" name="confirmPassword" type="password" autoComplete="new-password" required />
        {message ? (
          <p role={message.ok ? "status" : "alert"} className={`rounded-lg px-3 py-2 text-sm ${message.ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800"}`}>
            {message.text}
          </p>
        ) : null}
        <Button type="submit" disabled={pending}>
          Modifier le mot de passe
        </Button>
      </form>
    </section>
  );
}

function Sessions({ sessions }: { sessions: { id: string; device: string; createdAt: string; current: boolean }[] }) {
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<string | null>(null);
  const others = sessions.filter((s) => !s.current).length;
  async function signOutOthers() {
    const { error } = await authRequest("/revoke-other-sessions");
    setNotice(error ? `Erreur : ${authErrorMessage(error)}` : "Vos autres appareils ont été déconnectés.");
    await revalidator.revalidate();
  }
  return (
    <section aria-labelledby="sessions-title" className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id="sessions-title" className="text-lg font-semibold">
        Appareils connectés
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {sessions.map((s) => (
          <li key={s.id} className="flex items-center justify-between py-2 text-sm">
            <span>
              {s.device}
              {s.current ? <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-800">cet appareil</span> : null}
            </span>
            <span className="text-slate-500">depuis le {formatDateTime(s.createdAt)}</span>
          </li>
        ))}
      </ul>
      {notice ? (
        <p role="status" className="mt-3 text-sm text-slate-700">
          {notice}
        </p>
      ) : null}
      <Button variant="secondary" className="mt-4" disabled={others === 0} onClick={() => void signOutOthers()}>
        Déconnecter les autres appareils
      </Button>
    </section>
  );
}

function DeleteAccount({ hasPassword }: { hasPassword: boolean }) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [open, setOpen] = useState(Boolean(result?.errors));
  const errors: Record<string, string> = result?.errors ?? {};
  return (
    <section aria-labelledby="delete-title" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-red-100">
      <h2 id="delete-title" className="text-lg font-semibold text-red-800">
        Supprimer mon compte
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Vos annonces, leurs photos et vos favoris seront supprimés définitivement. Cette action est irréversible.
      </p>
      {open ? (
        <Form noValidate method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="delete-account" />
          {hasPassword ? (
            <TextField label="Mot de passe" name="password" type="password" autoComplete="current-password" required error={errors.password} />
          ) : (
            <TextField label={`Tapez ${DELETE_CONFIRMATION} pour confirmer`} name="confirmation" required autoComplete="off" error={errors.confirmation} />
          )}
          {errors.form ? <p role="alert" className="text-sm text-red-700">{errors.form}</p> : null}
          <div className="flex gap-3">
            <Button type="submit" variant="danger" disabled={navigation.state !== "idle"}>
              Supprimer définitivement mon compte
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Annuler
            </Button>
          </div>
        </Form>
      ) : (
        <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>
          Supprimer mon compte…
        </Button>
      )}
    </section>
  );
}

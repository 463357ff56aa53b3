import { data, Form, useActionData, useNavigation } from "react-router";
import { getAccountProfile, updateDisplayName, updatePrivateProfile, updateUsername } from "~/features/account/account.server";
import { DISPLAY_NAME_LABEL, checkDisplayName } from "~/features/account/display-name";
import { formatPhone, maskPhone, privateProfileSchema, publicProfileSchema } from "~/features/account/profile-schemas";
import { requireUser } from "~/features/auth/session.server";
import { isAppError } from "~/server/app-error";
import { Breadcrumb } from "~/ui/breadcrumb";
import { Button } from "~/ui/button";
import { fieldErrors } from "~/ui/form-errors";
import { pageMeta } from "~/ui/seo";
import { TextField } from "~/ui/text-field";
import type { Route } from "./+types/personal-info";
import { readFormData } from "~/server/request-body.server";

export function meta() {
  return [...pageMeta("Informations personnelles", "Votre pseudo, vos nom et prénom, votre téléphone."), { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireUser(request, context.services);
  return { profile: await getAccountProfile({ db: context.services.db, userId: me.id }) };
}

type ActionResult = { section: "public" | "private"; ok?: string; errors?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireUser(request, context.services);
  const form = await readFormData(request);
  const { db } = context.services;
  if (form.get("intent") === "public") {
    const parsed = publicProfileSchema.safeParse({ username: form.get("username") ?? "" });
    const name = checkDisplayName(String(form.get("displayName") ?? ""));
    if (!parsed.success || !name.ok) {
      const errors = {
        ...(parsed.success ? {} : fieldErrors(parsed.error)),
        ...(name.ok ? {} : { displayName: name.message }),
      };
      return data<ActionResult>({ section: "public", errors }, { status: 400 });
    }
    try {
      await updateDisplayName({ db, userId: me.id, displayName: name.name });
      await updateUsername({ db, userId: me.id, username: parsed.data.username });
    } catch (error) {
      if (isAppError(error)) {
        return data<ActionResult>({ section: "public", errors: error.details?.fieldErrors ?? { form: error.message } }, { status: error.status });
      }
      throw error;
    }
    return data<ActionResult>({ section: "public", ok: "Votre profil public a été enregistré." });
  }
  const parsed = privateProfileSchema.safeParse({
    firstname: form.get("firstname") ?? "",
    lastname: form.get("lastname") ?? "",
    phoneNumber: form.get("phoneNumber") ?? "",
  });
  if (!parsed.success) return data<ActionResult>({ section: "private", errors: fieldErrors(parsed.error) }, { status: 400 });
  await updatePrivateProfile({ db, userId: me.id, ...parsed.data });
  return data<ActionResult>({ section: "private", ok: "Vos informations privées ont été enregistrées." });
}

export default function PersonalInfo({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const errorsFor = (section: ActionResult["section"]) => (result?.section === section ? (result.errors ?? {}) : {});
  const okFor = (section: ActionResult["section"]) => (result?.section === section ? result.ok : undefined);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Breadcrumb items={[{ label: "Compte", to: "/account-settings" }, { label: "Informations personnelles" }]} />
      <h1 className="text-2xl font-bold">Informations personnelles</h1>

      <section aria-labelledby="public-title" className="rounded-xl bg-white p-6 shadow-sm">
        <h2 id="public-title" className="text-lg font-semibold">
          Profil public
        </h2>
        <p className="text-sm text-slate-600">Ces informations sont visibles par les autres utilisateurs.</p>
        <Form noValidate method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="public" />
          <TextField
            label={DISPLAY_NAME_LABEL}
            name="displayName"
            defaultValue={profile.displayName ?? ""}
            required
            autoComplete="nickname"
            maxLength={60}
            hint={
              profile.lastname
                ? `Le nom que voient les acheteurs et les vendeurs, suivi de l'initiale de votre nom (${profile.lastname.trim().charAt(0).toUpperCase()}.).`
                : "Le nom que voient les acheteurs et les vendeurs sur vos annonces, vos messages et dans les e-mails."
            }
            error={errorsFor("public").displayName}
          />
          <TextField
            label="Nom d'utilisateur"
            name="username"
            defaultValue={profile.username ?? ""}
            required
            autoComplete="username"
            hint="L'adresse de votre page publique (/profile/…) ; il n'est pas montré comme votre nom."
            error={errorsFor("public").username}
          />
          <SaveRow ok={okFor("public")} busy={busy} />
        </Form>
      </section>

      <section aria-labelledby="private-title" className="rounded-xl bg-white p-6 shadow-sm">
        <h2 id="private-title" className="text-lg font-semibold">
          Informations privées
        </h2>
        <p className="text-sm text-slate-600">Visibles uniquement par vous.</p>
        <Form noValidate method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="private" />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Prénom" name="firstname" defaultValue={profile.firstname ?? ""} autoComplete="given-name" error={errorsFor("private").firstname} />
            <TextField label="Nom" name="lastname" defaultValue={profile.lastname ?? ""} autoComplete="family-name" error={errorsFor("private").lastname} />
          </div>
          <dl className="grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm font-medium text-slate-800">Adresse e-mail</dt>
              <dd className="mt-1 text-slate-700">{profile.email || "Non précisé"}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-slate-800">Téléphone</dt>
              <dd className="mt-1 text-slate-700" data-testid="masked-phone">
                {maskPhone(profile.phoneNumber)}
              </dd>
            </div>
          </dl>
          <details className="group" open={Boolean(errorsFor("private").phoneNumber)}>
            <summary className="cursor-pointer text-sm font-medium text-brand-700">
              {profile.phoneNumber ? "Modifier le numéro" : "Ajouter un numéro"}
            </summary>
            <TextField
              className="mt-3"
              label="Numéro de téléphone"
              name="phoneNumber"
              type="tel"
              autoComplete="tel-national"
              defaultValue={profile.phoneNumber ? formatPhone(profile.phoneNumber) : ""}
              hint="Facultatif. Montré aux acheteurs connectés qui le demandent depuis vos annonces ; laissez vide pour le retirer."
              error={errorsFor("private").phoneNumber}
            />
          </details>
          <SaveRow ok={okFor("private")} busy={busy} />
        </Form>
      </section>
    </div>
  );
}

function SaveRow({ ok, busy }: { ok?: string; busy: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="submit" disabled={busy}>
        Enregistrer et continuer
      </Button>
      {ok ? (
        <p role="status" className="text-sm text-emerald-700">
          {ok}
        </p>
      ) : null}
    </div>
  );
}

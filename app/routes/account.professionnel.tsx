import { data } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import { getOwnProProfile } from "~/features/pro/get-pro-profile.server";
import type { ProProfileActionResult } from "~/features/pro/pro-profile-data";
import { ProProfilePage } from "~/features/pro/pro-profile-page";
import { parseProProfileForm } from "~/features/pro/pro-profile-schema";
import { saveProProfile } from "~/features/pro/save-pro-profile.server";
import { isAppError } from "~/server/app-error";
import { readFormData } from "~/server/request-body.server";
import { pageMeta } from "~/ui/seo";
import type { Route } from "./+types/account.professionnel";

export function meta() {
  return [
    ...pageMeta("Je suis un professionnel", "Déclarez votre entreprise : raison sociale, SIRET, adresse, horaires et logo."),
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await getSessionUser(request, context.services);
  if (!me) return { signedIn: false as const, profile: null, email: "", emailVerified: false };
  const { db, storage } = context.services;
  return {
    signedIn: true as const,
    profile: await getOwnProProfile({ db, storage, userId: me.id }),
    email: me.email,
    emailVerified: me.emailVerified,
  };
}

/** The submitted text fields, to refill the form after a refusal (a page reloaded without JavaScript). */
function submitted(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && value.length <= 2000) values[name] = value;
  return values;
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await getSessionUser(request, context.services);
  const form = await readFormData(request);
  if (!me) {
    return data<ProProfileActionResult>(
      { errors: { form: "Vous devez être connecté pour déclarer votre activité professionnelle." }, values: {} },
      { status: 401 },
    );
  }
  const parsed = parseProProfileForm(form);
  if (!parsed.ok) return data<ProProfileActionResult>({ errors: parsed.errors, values: submitted(form) }, { status: 400 });
  try {
    const result = await saveProProfile({ db: context.services.db, storage: context.services.storage, userId: me.id, input: parsed.input });
    context.services.logger.info({ userId: me.id, status: result.status, created: result.created }, "profil professionnel enregistré");
    const ok = result.created
      ? "Votre profil professionnel est envoyé : notre équipe le vérifie, vous recevrez un e-mail."
      : result.resubmitted
        ? "Votre profil professionnel est de nouveau en vérification : vous recevrez un e-mail."
        : "Votre profil professionnel a été enregistré.";
    return data<ProProfileActionResult>({ ok, status: result.status });
  } catch (error) {
    if (isAppError(error)) {
      return data<ProProfileActionResult>(
        { errors: error.details?.fieldErrors ?? { form: error.message }, values: submitted(form) },
        { status: error.status },
      );
    }
    throw error;
  }
}

export default function ProfessionalAccount({ loaderData }: Route.ComponentProps) {
  return <ProProfilePage {...loaderData} />;
}

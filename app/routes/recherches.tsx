import { data, redirect } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import {
  deleteSavedSearch,
  listSavedSearches,
  openSavedSearch,
  renameSavedSearch,
  setAlertFrequency,
  type SavedSearchItem,
} from "~/features/saved-searches/manage-saved-searches.server";
import { SavedSearchesPage } from "~/features/saved-searches/saved-searches-page";
import { isAppError } from "~/server/app-error";
import { memberPageRobots, pageMeta } from "~/ui/seo";
import type { Route } from "./+types/recherches";
import { readFormData } from "~/server/request-body.server";

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [...pageMeta("Mes recherches", "Vos recherches sauvegardées et leurs alertes e-mail."), ...memberPageRobots(loaderData?.signedIn)];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await getSessionUser(request, context.services);
  if (!me) return { signedIn: false as const, searches: [] as SavedSearchItem[] };
  return { signedIn: true as const, searches: await listSavedSearches({ db: context.services.db, userId: me.id }) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await getSessionUser(request, context.services);
  const form = await readFormData(request);
  const { db } = context.services;
  const intent = String(form.get("intent") ?? "");
  const id = form.get("id");
  try {
    switch (intent) {
      case "open":
        return redirect((await openSavedSearch({ db, userId: me?.id, id })).url);
      case "rename":
        await renameSavedSearch({ db, userId: me?.id, id, name: form.get("name") });
        return data({ id: String(id), ok: "Recherche renommée." });
      case "frequency":
        await setAlertFrequency({ db, userId: me?.id, id, frequency: form.get("frequency") });
        return data({ id: String(id), ok: "Fréquence des alertes enregistrée." });
      case "delete":
        await deleteSavedSearch({ db, userId: me?.id, id });
        return data({ id: String(id), ok: "Recherche supprimée." });
      default:
        return data({ id: String(id), error: "Action inconnue." }, { status: 400 });
    }
  } catch (error) {
    if (isAppError(error)) {
      return data({ id: String(id), error: error.message, fieldErrors: error.details?.fieldErrors }, { status: error.status });
    }
    throw error;
  }
}

export default function SavedSearches({ loaderData, actionData }: Route.ComponentProps) {
  return <SavedSearchesPage loaderData={loaderData} result={actionData} />;
}

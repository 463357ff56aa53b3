import { data, Form, useActionData, useNavigation } from "react-router";
import { getAccountProfile, updateNotificationPreferences } from "~/features/account/account.server";
import { requireUser } from "~/features/auth/session.server";
import { Breadcrumb } from "~/ui/breadcrumb";
import { Button } from "~/ui/button";
import { pageMeta } from "~/ui/seo";
import type { Route } from "./+types/account.notifications";
import { readFormData } from "~/server/request-body.server";

export function meta() {
  return [...pageMeta("Notifications", "Choisissez les e-mails que vous recevez."), { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireUser(request, context.services);
  const profile = await getAccountProfile({ db: context.services.db, userId: me.id });
  return {
    notifyListingValidated: profile.notifyListingValidated,
    notifyNewMessage: profile.notifyNewMessage,
    notifySearchAlerts: profile.notifySearchAlerts,
    notifyPriceDrops: profile.notifyPriceDrops,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireUser(request, context.services);
  const form = await readFormData(request);
  await updateNotificationPreferences({
    db: context.services.db,
    userId: me.id,
    notifyListingValidated: form.get("notifyListingValidated") === "on",
    notifyNewMessage: form.get("notifyNewMessage") === "on",
    notifySearchAlerts: form.get("notifySearchAlerts") === "on",
    notifyPriceDrops: form.get("notifyPriceDrops") === "on",
  });
  return data({ ok: "Vos préférences de notification ont été enregistrées." });
}

const OPTIONS = [
  { name: "notifyListingValidated", label: "Mes annonces", text: "Un e-mail quand une annonce est validée et mise en ligne, ou refusée." },
  { name: "notifyNewMessage", label: "Messages", text: "Un e-mail quand un acheteur ou un vendeur vous écrit (au plus un par conversation tous les quarts d'heure)." },
  { name: "notifySearchAlerts", label: "Alertes de recherche", text: "Les nouvelles annonces de vos recherches sauvegardées, selon la fréquence choisie dans « Mes recherches ». Désactivé : aucun e-mail d'alerte." },
  { name: "notifyPriceDrops", label: "Prix en baisse sur vos favoris", text: "Un e-mail quand le prix d'une annonce de vos favoris baisse (au plus un par jour, toutes les baisses ensemble)." },
] as const;

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Breadcrumb items={[{ label: "Compte", to: "/account-settings" }, { label: "Notifications" }]} />
      <h1 className="text-2xl font-bold">Notifications</h1>
      <Form noValidate method="post" className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold">E-mails</legend>
          {OPTIONS.map((option) => (
            <label key={option.name} className="flex items-start gap-3">
              <input type="checkbox" name={option.name} defaultChecked={loaderData[option.name]} className="mt-1 h-5 w-5 accent-brand-600" />
              <span>
                <span className="block font-medium">{option.label}</span>
                <span className="block text-sm text-slate-600">{option.text}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={navigation.state !== "idle"}>
            Enregistrer
          </Button>
          {result?.ok ? (
            <p role="status" className="text-sm text-emerald-700">
              {result.ok}
            </p>
          ) : null}
        </div>
      </Form>
    </div>
  );
}

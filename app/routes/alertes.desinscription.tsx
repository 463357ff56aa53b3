import { data, Form, Link, useActionData } from "react-router";
import { UNSUBSCRIBE_PATH } from "~/features/saved-searches/saved-search-filters";
import { checkUnsubscribeLink, unsubscribeSearchAlerts } from "~/features/saved-searches/unsubscribe-search-alert.server";
import { Button, buttonClasses } from "~/ui/button";
import { pageMeta } from "~/ui/seo";
import type { Route } from "./+types/alertes.desinscription";

export function meta() {
  return [...pageMeta("Se désabonner des alertes", "Ne plus recevoir les alertes e-mail d'une recherche."), { name: "robots", content: "noindex" }];
}

const INVALID = "Ce lien de désinscription n'est pas valide : aucune alerte n'a été modifiée. Utilisez le lien complet reçu par e-mail, ou gérez vos alertes depuis « Mes recherches ».";

/** GET (the link in the e-mail, signed out): says what the link would stop, changes nothing. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ref = new URL(request.url).searchParams.get("r");
  const link = await checkUnsubscribeLink({ db: context.services.db, ref });
  return { ref: link ? ref : null, names: link?.searches.map((r) => r.name) ?? [], missing: link?.missing ?? 0 };
}

/**
 * POST: the one-click unsubscribe — the mail client's RFC 8058 request (`List-Unsubscribe=One-Click`,
 * to this URL) or the button below. A tampered link changes nothing and says so (400).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ref = new URL(request.url).searchParams.get("r");
  const result = await unsubscribeSearchAlerts({ db: context.services.db, ref });
  if (!result.ok) return data({ ok: false as const, names: [] as string[], missing: 0 }, { status: 400 });
  return data({ ok: true as const, names: result.names, missing: result.missing });
}

const quoted = (names: string[]) => names.map((n) => `« ${n} »`).join(", ");

/** What a link says about searches deleted since the e-mail (nothing to stop for them). */
function deletedNote(missing: number, total: number): string | null {
  if (missing === 0) return null;
  if (missing === total) {
    return missing === 1
      ? "Cette recherche a été supprimée entre-temps : vous ne recevrez plus d'alertes pour elle."
      : "Ces recherches ont été supprimées entre-temps : vous ne recevrez plus d'alertes pour elles.";
  }
  return missing === 1
    ? "Une recherche de ce lien a été supprimée entre-temps : il n'y a plus rien à désactiver pour elle."
    : `${missing} recherches de ce lien ont été supprimées entre-temps : il n'y a plus rien à désactiver pour elles.`;
}

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const done = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-xl space-y-4 rounded-xl bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold">Alertes e-mail</h1>
      {done?.ok ? (
        <div role="status" className="space-y-2">
          {done.names.length ? (
            <p>
              C'est fait : vous ne recevrez plus d'alertes pour {quoted(done.names)}.{" "}
              {done.names.length === 1
                ? "La recherche reste dans « Mes recherches » ; vous pouvez y réactiver ses alertes."
                : "Les recherches restent dans « Mes recherches » ; vous pouvez y réactiver leurs alertes."}
            </p>
          ) : null}
          {deletedNote(done.missing, done.missing + done.names.length) ? <p>{deletedNote(done.missing, done.missing + done.names.length)}</p> : null}
        </div>
      ) : done || !loaderData.ref ? (
        <p role="alert" className="text-red-800">
          {INVALID}
        </p>
      ) : loaderData.names.length === 0 ? (
        <p role="status">{deletedNote(loaderData.missing, loaderData.missing)}</p>
      ) : (
        <>
          <p>Ne plus recevoir d'e-mails d'alerte pour {quoted(loaderData.names)} ?</p>
          {deletedNote(loaderData.missing, loaderData.missing + loaderData.names.length) ? (
            <p className="text-sm text-slate-600">{deletedNote(loaderData.missing, loaderData.missing + loaderData.names.length)}</p>
          ) : null}
          <Form noValidate method="post" action={`${UNSUBSCRIBE_PATH}?r=${encodeURIComponent(loaderData.ref)}`}>
            <Button type="submit">Me désabonner</Button>
          </Form>
        </>
      )}
      <Link to="/recherches" className={buttonClasses("secondary")}>
        Gérer mes alertes
      </Link>
    </section>
  );
}

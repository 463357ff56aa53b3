import { Form, Link } from "react-router";
import { Button } from "~/ui/button";
import { formatCount, formatDateTime } from "~/ui/format";
import type { ModerationHistory } from "./moderation-data";
import { MODERATION_TABS } from "./moderation-action-data";
import { ModerationPager } from "./moderation-pager";

const ACTION_TONE: Record<string, string> = {
  validated: "bg-emerald-100 text-emerald-900",
  revision_validated: "bg-emerald-100 text-emerald-900",
  rejected: "bg-amber-100 text-amber-900",
  revision_rejected: "bg-amber-100 text-amber-900",
  removed: "bg-red-100 text-red-900",
  account_warned: "bg-amber-100 text-amber-900",
  account_suspended: "bg-red-100 text-red-900",
  report_dismissed: "bg-slate-100 text-slate-800",
  pro_verified: "bg-emerald-100 text-emerald-900",
  pro_refused: "bg-amber-100 text-amber-900",
  pro_trusted: "bg-emerald-100 text-emerald-900",
  pro_untrusted: "bg-amber-100 text-amber-900",
  sample_confirmed: "bg-emerald-100 text-emerald-900",
  sample_removed: "bg-red-100 text-red-900",
};

export function historyLink(filters: { listing?: string | null; moderator?: string | null; account?: string | null }) {
  const params = new URLSearchParams({ onglet: MODERATION_TABS.history });
  if (filters.listing) params.set("annonce", filters.listing);
  if (filters.moderator) params.set("moderateur", filters.moderator);
  if (filters.account) params.set("compte", filters.account);
  return `/moderation?${params}`;
}

/** The journal of every moderation decision, newest first, by listing and by moderator. */
export function ModerationHistoryView({ history }: { history: ModerationHistory }) {
  const { filters } = history;
  return (
    <section aria-labelledby="history-title" className="space-y-4">
      <h2 id="history-title" className="sr-only">
        Historique des décisions
      </h2>
      <Form noValidate method="get" className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm">
        <input type="hidden" name="onglet" value={MODERATION_TABS.history} />
        {filters.listing ? <input type="hidden" name="annonce" value={filters.listing.id} /> : null}
        {filters.account ? <input type="hidden" name="compte" value={filters.account.id} /> : null}
        <label className="text-sm font-medium">
          Modérateur
          <select
            name="moderateur"
            defaultValue={filters.moderatorId ?? ""}
            className="mt-1 block w-full min-w-48 rounded-lg border border-slate-300 bg-white px-3 py-2"
          >
            <option value="">Tous les modérateurs</option>
            {history.moderators.map((m) => (
              <option key={m.id} value={m.id}>
                {m.username}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="secondary">
          Filtrer
        </Button>
        {filters.listing ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            Annonce : <strong>{filters.listing.title}</strong>
            <Link to={historyLink({ moderator: filters.moderatorId, account: filters.account?.id })} className="text-brand-700 underline">
              Toutes les annonces
            </Link>
          </p>
        ) : null}
        {filters.account ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            Compte : <strong className="[overflow-wrap:anywhere]">{filters.account.name}</strong>
            <Link to={historyLink({ moderator: filters.moderatorId, listing: filters.listing?.id })} className="text-brand-700 underline">
              Tous les comptes
            </Link>
          </p>
        ) : null}
      </Form>
      <p className="text-sm text-slate-600">{formatCount(history.count, "décision", "décisions")}, de la plus récente à la plus ancienne.</p>
      {history.entries.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-slate-600 shadow-sm">Aucune décision ne correspond à ces filtres.</p>
      ) : (
        <ol aria-label="Décisions de modération" className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm">
          {history.entries.map((e) => (
            <li key={e.id} className="space-y-1 p-4 text-sm">
              <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                <span className={`rounded px-2 py-0.5 text-xs font-semibold ${ACTION_TONE[e.action] ?? "bg-slate-100"}`}>{e.label}</span>
                <span className="text-slate-500">{formatDateTime(e.at)}</span>
                <span>
                  par{" "}
                  {e.moderator ? (
                    <Link to={historyLink({ moderator: e.moderator.id, listing: filters.listing?.id, account: filters.account?.id })} className="font-medium text-brand-700 underline">
                      {e.moderator.username}
                    </Link>
                  ) : (
                    "un modérateur supprimé"
                  )}
                </span>
              </p>
              {e.listing ? (
                <p className="flex flex-wrap gap-x-3">
                  <Link to={e.listing.path} className="font-semibold hover:underline">
                    {e.listing.title}
                  </Link>
                  {filters.listing?.id !== e.listing.id ? (
                    <Link to={historyLink({ listing: e.listing.id, moderator: filters.moderatorId })} className="text-brand-700 underline">
                      Historique de cette annonce
                    </Link>
                  ) : null}
                </p>
              ) : null}
              {e.conversation !== null ? <p>Conversation à propos de {e.conversation || "une annonce supprimée"}</p> : null}
              {e.account ? (
                <p>
                  Compte : <strong>{e.account}</strong>
                </p>
              ) : null}
              {e.reason ? <p className="text-slate-700">Motif : {e.reason}</p> : null}
            </li>
          ))}
        </ol>
      )}
      <ModerationPager page={history.page} pageCount={history.pageCount} label="Pages de l'historique" />
    </section>
  );
}

import { Form, Link, useActionData, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { formatCount, formatDate, formatDateTime } from "~/ui/format";
import { MODERATION_TABS, type ModerationActionResult } from "./moderation-action-data";
import type { VerifiedProItem, VerifiedPros } from "./moderation-data";
import { historyLink } from "./moderation-history";
import { ModerationPager } from "./moderation-pager";

/**
 * 'Professionnels vérifiés' in the 'Professionnels' tab (decision 0054): find a verified
 * professional, see whether its imports are published at once ('De confiance') and why, and
 * give or withdraw that trust with a reason kept in the journal.
 */

function TrustForm({ item }: { item: VerifiedProItem }) {
  const result = useActionData<ModerationActionResult>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const mine = result && result.id === item.userId ? result : undefined;
  const reasonError = mine && "fieldErrors" in mine ? mine.fieldErrors?.reason : undefined;
  const give = !item.trusted;
  const fieldId = `trust-reason-${item.userId}`;
  return (
    <details className="w-full" open={Boolean(reasonError)}>
      <summary className="inline-flex cursor-pointer list-none rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300">
        {give ? "Marquer de confiance…" : "Retirer la confiance…"}
      </summary>
      <Form noValidate method="post" className="mt-3 space-y-3 rounded-lg bg-slate-50 p-3">
        <input type="hidden" name="intent" value={give ? "trust-pro" : "untrust-pro"} />
        <input type="hidden" name="id" value={item.userId} />
        <p className="text-sm text-slate-700">
          {give
            ? "Ses imports seront publiés sans validation préalable ; une partie sera contrôlée après publication."
            : "Ses nouvelles annonces importées et leurs modifications importantes attendront de nouveau un modérateur."}
        </p>
        <label htmlFor={fieldId} className="block text-sm font-medium">
          Motif (gardé dans l'historique de modération)
        </label>
        <textarea
          id={fieldId}
          name="reason"
          rows={2}
          maxLength={1000}
          required
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${fieldId}-error` : undefined}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-600"
        />
        {reasonError ? (
          <p id={`${fieldId}-error`} className="text-sm text-red-700">
            {reasonError}
          </p>
        ) : null}
        <Button type="submit" variant={give ? "primary" : "danger"} disabled={busy}>
          {give ? "Marquer de confiance" : "Retirer la confiance"}
        </Button>
      </Form>
    </details>
  );
}

function VerifiedProCard({ item }: { item: VerifiedProItem }) {
  const titleId = `verified-pro-${item.userId}-title`;
  const decision = item.lastTrustDecision;
  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-xl bg-white p-5 shadow-sm" data-verified-pro>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="text-lg font-semibold [overflow-wrap:anywhere]">
          {item.companyName}
        </h3>
        <span
          data-testid="pro-trust"
          className={`rounded px-2 py-0.5 text-xs font-semibold ${item.trusted ? "bg-emerald-100 text-emerald-900" : "bg-slate-100 text-slate-800"}`}
        >
          {item.trusted ? "De confiance : imports publiés directement" : "Imports validés avant publication"}
        </span>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm wide:grid-cols-3">
        <div>
          <dt className="font-medium text-slate-500">SIRET</dt>
          <dd className="font-mono">{item.siret}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Lieu</dt>
          <dd>{item.place}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Vérifié</dt>
          <dd>{item.verifiedAt ? `le ${formatDate(item.verifiedAt)}` : "—"}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Compte</dt>
          <dd className="[overflow-wrap:anywhere]">
            {item.account.email} ({item.account.username})
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">En ligne</dt>
          <dd>{formatCount(item.publishedCount, "annonce", "annonces")}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Contrôles après publication</dt>
          <dd data-testid="pro-reviews">
            {item.reviews.confirmed} conforme{item.reviews.confirmed > 1 ? "s" : ""}, {item.reviews.removed} retirée
            {item.reviews.removed > 1 ? "s" : ""}, {item.reviews.waiting} en attente
          </dd>
        </div>
      </dl>
      {decision ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="pro-trust-decision">
          {decision.trusted ? "Marqué de confiance" : "Confiance retirée"} le {formatDateTime(decision.at)} par{" "}
          {decision.moderator ?? "un modérateur supprimé"}
          {decision.reason ? ` — motif : ${decision.reason}` : ""}
        </p>
      ) : null}
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to={item.path} className="font-semibold text-brand-700 underline">
          Page professionnelle
        </Link>
        <Link to={historyLink({ account: item.userId })} className="font-semibold text-brand-700 underline">
          Historique de ce professionnel
        </Link>
      </p>
      {item.own ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          C'est votre propre compte : un autre modérateur en décide.
        </p>
      ) : (
        // Keyed by the trust: after a decision the other form opens closed and empty.
        <TrustForm key={item.trusted ? "trusted" : "not-trusted"} item={item} />
      )}
    </article>
  );
}

export function VerifiedProsSection({ pros }: { pros: VerifiedPros }) {
  const { filters } = pros;
  return (
    <section aria-labelledby="verified-pros-title" className="space-y-4">
      <h2 id="verified-pros-title" className="text-lg font-semibold">
        Professionnels vérifiés
      </h2>
      <p className="text-sm text-slate-600">
        Un professionnel « de confiance » voit ses imports publiés sans validation préalable ; une partie est contrôlée
        après publication (« Contrôle après publication », onglet « À valider »).{" "}
        {formatCount(pros.trustedCount, "professionnel l'est", "professionnels le sont")} aujourd'hui.
      </p>
      <Form
        noValidate
        method="get"
        className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm"
        role="search"
        aria-label="Recherche de professionnels vérifiés"
      >
        <input type="hidden" name="onglet" value={MODERATION_TABS.pros} />
        <label className="w-full text-sm font-medium wide:w-auto wide:min-w-80">
          Rechercher un professionnel vérifié
          <input
            type="search"
            name="pro"
            defaultValue={filters.query}
            maxLength={100}
            placeholder="Raison sociale, SIRET ou e-mail"
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="confiance" value="1" defaultChecked={filters.trustedOnly} className="h-4 w-4" />
          De confiance uniquement
        </label>
        <Button type="submit" variant="secondary">
          Rechercher
        </Button>
      </Form>
      <p className="text-sm text-slate-600" data-testid="verified-pros-count">
        {formatCount(pros.count, "professionnel vérifié", "professionnels vérifiés")}
        {filters.query ? ` pour « ${filters.query} »` : ""}
        {filters.trustedOnly ? ", de confiance" : ""}.
      </p>
      {pros.items.map((item) => (
        <VerifiedProCard key={item.userId} item={item} />
      ))}
      <ModerationPager page={pros.page} pageCount={pros.pageCount} label="Pages des professionnels vérifiés" />
    </section>
  );
}

import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import { listingPath } from "~/features/listings/listing-seo";
import {
  listLargePriceChanges,
  listPendingRevisions,
  rejectRevision,
  validateRevision,
  type PendingRevisionItem,
  type PriceChangeItem,
} from "~/features/moderation/listing-revisions.server";
import { REJECTION_REASONS } from "~/features/moderation/moderation-reasons";
import {
  dismissReport,
  listModerationQueue,
  listOpenReports,
  rejectListing,
  removeReportedListing,
  requireModerator,
  validateListing,
  type OpenReport,
  type QueueItem,
} from "~/features/moderation/moderation.server";
import { isAppError } from "~/server/app-error";
import { Button } from "~/ui/button";
import { formatCount, formatDate, formatDateTime, formatMileage, formatPrice } from "~/ui/format";
import { pageMeta } from "~/ui/seo";
import type { Route } from "./+types/moderation";

export function meta() {
  return [...pageMeta("Modération", "File de validation des annonces et signalements."), { name: "robots", content: "noindex" }];
}

async function moderator(request: Request, context: Route.LoaderArgs["context"]) {
  const me = await getSessionUser(request, context.services);
  try {
    return requireModerator(me);
  } catch {
    // Not a moderator: the page does not exist for them.
    throw data(null, { status: 404 });
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await moderator(request, context);
  const { db, storage } = context.services;
  const [queue, reports, revisions, priceChanges] = await Promise.all([
    listModerationQueue({ db, storage, viewer: me }),
    listOpenReports({ db, viewer: me }),
    listPendingRevisions({ db, viewer: me }),
    listLargePriceChanges({ db, viewer: me }),
  ]);
  return { queue, reports, revisions, priceChanges };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await moderator(request, context);
  const { db, mailer, events, logger, config } = context.services;
  const notifier = { mailer, events, logger, publicUrl: config.PUBLIC_URL };
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  try {
    if (intent === "validate") {
      await validateListing({ db, viewer: me, listingId: id, notifier });
      return { ok: "Annonce validée : elle est en ligne.", id };
    }
    if (intent === "reject") {
      await rejectListing({ db, viewer: me, listingId: id, reasonCode: String(form.get("reasonCode") ?? ""), reasonText: String(form.get("reasonText") ?? ""), notifier });
      return { ok: "Annonce refusée : le vendeur a été prévenu.", id };
    }
    if (intent === "validate-revision") {
      await validateRevision({ db, viewer: me, listingId: id, notifier });
      return { ok: "Modification validée : les acheteurs voient la nouvelle version.", id };
    }
    if (intent === "reject-revision") {
      await rejectRevision({ db, viewer: me, listingId: id, reasonCode: String(form.get("reasonCode") ?? ""), reasonText: String(form.get("reasonText") ?? ""), notifier });
      return { ok: "Modification refusée : l'annonce validée reste en ligne et le vendeur a été prévenu.", id };
    }
    if (intent === "dismiss-report") {
      await dismissReport({ db, viewer: me, reportId: id });
      return { ok: "Signalement classé sans suite.", id };
    }
    if (intent === "remove-listing") {
      await removeReportedListing({ db, viewer: me, reportId: id, reasonText: String(form.get("reasonText") ?? ""), notifier });
      return { ok: "Annonce retirée : le vendeur a été prévenu.", id };
    }
    return data({ error: "Action inconnue.", id }, { status: 400 });
  } catch (error) {
    if (isAppError(error)) return data({ error: error.message, id, fieldErrors: error.details?.fieldErrors }, { status: error.status });
    throw error;
  }
}

const ACTION_LABELS: Record<string, string> = {
  validated: "Validée",
  rejected: "Refusée",
  removed: "Retirée après signalement",
  report_dismissed: "Signalement classé",
  revision_validated: "Modification validée",
  revision_rejected: "Modification refusée",
};

/** A published listing's pending material changes, shown as a before/after table. */
function RevisionCard({ item }: { item: PendingRevisionItem }) {
  const [rejecting, setRejecting] = useState(false);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const title = `${item.brand} ${item.model} ${item.year ?? ""}`.trim();
  return (
    <article aria-label={`Modification : ${title}`} className="space-y-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-amber-200">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-semibold">
          <Link to={item.path} className="hover:underline">
            {title}
          </Link>
        </h3>
        <p className="text-sm text-slate-500">Modifiée le {formatDateTime(item.submittedAt)}</p>
      </header>
      <dl aria-label="Changements demandés par le vendeur" className="space-y-3 text-sm">
        {item.diff.map((row) => (
          <div key={row.field} role="group" aria-label={row.label} className="border-t border-slate-100 pt-2">
            <dt className="font-semibold">{row.label}</dt>
            <dd className="mt-1 grid gap-2 sm:grid-cols-2">
              <div className="rounded-lg bg-slate-50 p-2">
                <p className="text-xs font-medium text-slate-500">Version en ligne</p>
                <p className="whitespace-pre-line break-words text-slate-700">{row.before}</p>
              </div>
              <div className="rounded-lg bg-amber-50 p-2">
                <p className="text-xs font-medium text-amber-900">Nouvelle version</p>
                <p className="whitespace-pre-line break-words font-medium">{row.after}</p>
              </div>
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-start gap-2">
        <Form noValidate method="post">
          <input type="hidden" name="intent" value="validate-revision" />
          <input type="hidden" name="id" value={item.listingId} />
          <Button type="submit" disabled={busy}>
            Valider la modification
          </Button>
        </Form>
        {rejecting ? (
          <Form noValidate method="post" className="w-full space-y-2 rounded-lg bg-slate-50 p-3">
            <input type="hidden" name="intent" value="reject-revision" />
            <input type="hidden" name="id" value={item.listingId} />
            <label className="block text-sm font-medium">
              Motif
              <select name="reasonCode" required defaultValue="" className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2">
                <option value="" disabled>
                  Choisissez un motif
                </option>
                {Object.entries(REJECTION_REASONS).map(([code, label]) => (
                  <option key={code} value={code}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            <label className="block text-sm font-medium">
              Précisions pour le vendeur (facultatif, sauf « Autre motif »)
              <textarea name="reasonText" rows={2} maxLength={1000} className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2" />
            </label>
            <div className="flex gap-2">
              <Button type="submit" variant="danger" disabled={busy}>
                Refuser la modification
              </Button>
              <Button variant="ghost" onClick={() => setRejecting(false)}>
                Annuler
              </Button>
            </div>
          </Form>
        ) : (
          <Button variant="secondary" onClick={() => setRejecting(true)}>
            Refuser la modification
          </Button>
        )}
      </div>
    </article>
  );
}

function PriceChanges({ items }: { items: PriceChangeItem[] }) {
  return (
    <section aria-labelledby="price-changes-title" className="space-y-2 rounded-xl bg-white p-5 shadow-sm">
      <h2 id="price-changes-title" className="text-lg font-semibold">
        Changements de prix importants (30 derniers jours)
      </h2>
      <ul className="divide-y divide-slate-100 text-sm">
        {items.map((p) => (
          <li key={`${p.listingId}-${p.changedAt}`} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <Link to={p.path} className="font-medium hover:underline">
              {p.brand} {p.model} {p.year ?? ""}
            </Link>
            <span>
              {p.oldPrice != null ? formatPrice(p.oldPrice) : "—"} → <strong>{p.newPrice != null ? formatPrice(p.newPrice) : "—"}</strong>{" "}
              <span className={p.change < 0 ? "font-semibold text-red-700" : "font-semibold text-amber-800"}>
                ({p.change > 0 ? "+" : "−"}
                {Math.round(Math.abs(p.change) * 100)} %)
              </span>{" "}
              <span className="text-slate-500">le {formatDateTime(p.changedAt)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function QueueCard({ item, index, total }: { item: QueueItem; index: number; total: number }) {
  const [rejecting, setRejecting] = useState(false);
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const validateRef = useRef<HTMLButtonElement>(null);
  const fieldErrors = (result && "fieldErrors" in result && result.id === item.id ? result.fieldErrors : undefined) as Record<string, string> | undefined ?? {};
  return (
    <article
      tabIndex={0}
      data-queue-item
      aria-label={`Annonce ${index + 1} sur ${total} : ${item.brand} ${item.model}`}
      className="space-y-4 rounded-xl bg-white p-5 shadow-sm outline-none ring-1 ring-slate-200 focus:ring-2 focus:ring-brand-500"
      onKeyDown={(e) => {
        if (e.target !== e.currentTarget) return;
        if (e.key === "v") validateRef.current?.click();
        if (e.key === "r") setRejecting(true);
      }}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">
          <Link to={listingPath(item)} className="hover:underline">
            {item.brand} {item.model} {item.year ?? ""}
          </Link>
        </h2>
        <p className="text-sm text-slate-500">Soumise le {item.submittedAt ? formatDateTime(item.submittedAt) : "—"}</p>
      </header>
      <ul className="flex gap-2 overflow-x-auto">
        {item.photos.map((p, i) => (
          <li key={p.src} className="shrink-0">
            <img src={p.src} alt={`Photo ${i + 1}`} className="h-28 w-40 rounded-lg object-cover" loading="lazy" />
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        {(
          [
            ["Prix", item.price != null ? formatPrice(item.price) : "—"],
            ["Kilométrage", item.mileage != null ? formatMileage(item.mileage) : "—"],
            ["Énergie", item.fuel],
            ["Boîte", item.gearbox],
            ["Type", item.vehicleType],
            ["Couleur", item.color],
            ["État", item.vehicleCondition],
            ["1re immatriculation", item.firstRegistration],
            ["Puissance", `${item.fiscalPower ?? "—"} CV / ${item.dinPower ?? "—"} ch`],
            ["Portes / places", `${item.doors ?? "—"} / ${item.seats ?? "—"}`],
            ["Permis", item.licenseStatus],
            ["Lieu", `${item.postalCode ?? ""} ${item.city ?? ""}`],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-500">{label}</dt>
            <dd className="font-medium">{value || "—"}</dd>
          </div>
        ))}
      </dl>
      <p className="whitespace-pre-line rounded-lg bg-slate-50 p-3 text-sm">{item.description}</p>
      <p className="text-sm text-slate-700">
        Vendeur <strong>{item.seller.username}</strong>, membre depuis le {formatDate(item.seller.memberSince)} :{" "}
        {formatCount(item.seller.published, "annonce publiée", "annonces publiées")}, {formatCount(item.seller.rejected, "refusée", "refusées")}.
      </p>
      <ul aria-label="Vérifications" className="flex flex-wrap gap-2 text-xs font-semibold">
        {item.checks.priceOutlier ? (
          <li className="rounded bg-red-100 px-2 py-1 text-red-900">
            Prix éloigné des annonces similaires (médiane {formatPrice(item.checks.similarMedianPrice ?? 0)})
          </li>
        ) : null}
        {item.checks.contactInDescription ? <li className="rounded bg-red-100 px-2 py-1 text-red-900">Téléphone ou e-mail dans la description</li> : null}
        {item.checks.duplicatePhotoListings > 0 ? (
          <li className="rounded bg-red-100 px-2 py-1 text-red-900">Photos déjà vues sur {formatCount(item.checks.duplicatePhotoListings, "autre annonce", "autres annonces")}</li>
        ) : null}
        {item.checks.modelMismatches.map((problem) => (
          <li key={problem} className="rounded bg-amber-100 px-2 py-1 text-amber-900">{problem}</li>
        ))}
        {!item.checks.priceOutlier && !item.checks.contactInDescription && item.checks.duplicatePhotoListings === 0 && item.checks.modelMismatches.length === 0 ? (
          <li className="rounded bg-emerald-100 px-2 py-1 text-emerald-900">Aucune alerte</li>
        ) : null}
      </ul>
      {item.history.length ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">Historique ({item.history.length})</summary>
          <ul className="mt-2 space-y-1">
            {item.history.map((h) => (
              <li key={h.at + h.action}>
                {formatDateTime(h.at)} — {ACTION_LABELS[h.action] ?? h.action}
                {h.moderator ? ` par ${h.moderator}` : ""}
                {h.reason ? ` : ${h.reason}` : ""}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <div className="flex flex-wrap items-start gap-3">
        <Form noValidate method="post">
          <input type="hidden" name="intent" value="validate" />
          <input type="hidden" name="id" value={item.id} />
          <Button ref={validateRef} type="submit" disabled={busy}>
            Valider <kbd className="ml-1 rounded bg-white/20 px-1 text-xs">V</kbd>
          </Button>
        </Form>
        {rejecting ? (
          <Form noValidate method="post" className="w-full space-y-3 rounded-lg bg-slate-50 p-3 sm:w-auto sm:flex-1">
            <input type="hidden" name="intent" value="reject" />
            <input type="hidden" name="id" value={item.id} />
            <label className="block text-sm font-medium">
              Motif du refus
              <select name="reasonCode" required className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2" autoFocus defaultValue="">
                <option value="" disabled>
                  Choisir un motif…
                </option>
                {Object.entries(REJECTION_REASONS).map(([code, label]) => (
                  <option key={code} value={code}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            {fieldErrors.reasonCode ? <p className="text-sm text-red-700">{fieldErrors.reasonCode}</p> : null}
            <label className="block text-sm font-medium">
              Précisions pour le vendeur (facultatif, sauf « Autre motif »)
              <textarea name="reasonText" rows={2} maxLength={1000} className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2" />
            </label>
            {fieldErrors.reasonText ? <p className="text-sm text-red-700">{fieldErrors.reasonText}</p> : null}
            <div className="flex gap-2">
              <Button type="submit" variant="danger" disabled={busy}>
                Refuser l'annonce
              </Button>
              <Button variant="ghost" onClick={() => setRejecting(false)}>
                Annuler
              </Button>
            </div>
          </Form>
        ) : (
          <Button variant="secondary" onClick={() => setRejecting(true)}>
            Refuser <kbd className="ml-1 rounded bg-slate-100 px-1 text-xs">R</kbd>
          </Button>
        )}
      </div>
    </article>
  );
}

export default function Moderation({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const tab = params.get("onglet") === "signalements" ? "reports" : "queue";
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const list = useRef<HTMLDivElement>(null);

  // J / K move between queue items, as in mail clients, for fast keyboard review.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "j" && e.key !== "k") return;
      const target = e.target as HTMLElement | null;
      if (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
      const items = [...(list.current?.querySelectorAll<HTMLElement>("[data-queue-item]") ?? [])];
      if (!items.length) return;
      const current = items.findIndex((el) => el === document.activeElement);
      const next = e.key === "j" ? Math.min(items.length - 1, current + 1) : Math.max(0, current - 1);
      items[next]?.focus();
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const tabClass = (active: boolean) => `rounded-lg px-4 py-2 text-sm font-semibold ${active ? "bg-brand-600 text-white" : "bg-white text-slate-800 ring-1 ring-slate-300"}`;
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">Modération</h1>
      <nav aria-label="Onglets de modération" className="flex gap-2">
        <Link to="/moderation" className={tabClass(tab === "queue")} aria-current={tab === "queue" ? "page" : undefined}>
          À valider ({loaderData.queue.count})
        </Link>
        <Link to="/moderation?onglet=signalements" className={tabClass(tab === "reports")} aria-current={tab === "reports" ? "page" : undefined}>
          Signalements ({loaderData.reports.length})
        </Link>
      </nav>
      {result && navigation.state === "idle" ? (
        <p role={"ok" in result ? "status" : "alert"} className={`rounded-lg px-4 py-2 text-sm ${"ok" in result ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}>
          {"ok" in result ? result.ok : result.error}
        </p>
      ) : null}

      {tab === "queue" ? (
        <div ref={list} className="space-y-4">
          <p className="text-sm text-slate-600">
            {formatCount(loaderData.queue.count, "annonce en attente", "annonces en attente")}, de la plus ancienne à la plus récente. Raccourcis : J / K pour passer
            d'une annonce à l'autre, V pour valider, R pour refuser.
          </p>
          {loaderData.queue.items.length === 0 ? (
            <p className="rounded-xl bg-white p-6 text-slate-600 shadow-sm">Aucune annonce en attente de validation.</p>
          ) : (
            loaderData.queue.items.map((item, i) => <QueueCard key={item.id} item={item} index={i} total={loaderData.queue.items.length} />)
          )}
          {loaderData.revisions.length > 0 ? (
            <section aria-labelledby="revisions-title" className="space-y-4">
              <h2 id="revisions-title" className="text-lg font-semibold">
                Modifications d'annonces en ligne ({loaderData.revisions.length})
              </h2>
              <p className="text-sm text-slate-600">Les acheteurs voient la version validée tant que la modification n'est pas acceptée.</p>
              {loaderData.revisions.map((item) => (
                <RevisionCard key={item.listingId} item={item} />
              ))}
            </section>
          ) : null}
          {loaderData.priceChanges.length > 0 ? <PriceChanges items={loaderData.priceChanges} /> : null}
        </div>
      ) : loaderData.reports.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-slate-600 shadow-sm">Aucun signalement en attente.</p>
      ) : (
        <ul className="space-y-4">
          {loaderData.reports.map((report) =>
            report.kind === "conversation" ? <ConversationReport key={report.id} report={report} /> : (
            <li key={report.id} className="space-y-3 rounded-xl bg-white p-5 shadow-sm">
              <p className="font-semibold">
                <Link to={report.listingPath} className="hover:underline">
                  {report.listing.brand} {report.listing.model} {report.listing.year ?? ""}
                </Link>{" "}
                <span className="text-sm font-normal text-slate-500">— signalée le {formatDateTime(report.createdAt)}</span>
              </p>
              <p>
                <span className="font-medium">{report.reason}</span>
                {report.message ? ` : « ${report.message} »` : ""}
              </p>
              <div className="flex flex-wrap gap-3">
                <Form noValidate method="post">
                  <input type="hidden" name="intent" value="dismiss-report" />
                  <input type="hidden" name="id" value={report.id} />
                  <Button type="submit" variant="secondary">
                    Classer sans suite
                  </Button>
                </Form>
                <Form noValidate method="post" className="flex flex-wrap items-center gap-2">
                  <input type="hidden" name="intent" value="remove-listing" />
                  <input type="hidden" name="id" value={report.id} />
                  <label className="text-sm">
                    <span className="sr-only">Message au vendeur</span>
                    <input name="reasonText" placeholder="Message au vendeur (facultatif)" className="rounded-lg border border-slate-300 px-3 py-2" maxLength={1000} />
                  </label>
                  <Button type="submit" variant="danger">
                    Retirer l'annonce
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A reported conversation: who, why, its last messages; the moderator can dismiss it. */
function ConversationReport({ report }: { report: Extract<OpenReport, { kind: "conversation" }> }) {
  return (
    <li className="space-y-3 rounded-xl bg-white p-5 shadow-sm">
      <p className="font-semibold">
        Conversation à propos de {report.conversation.title}{" "}
        <span className="text-sm font-normal text-slate-500">— signalée le {formatDateTime(report.createdAt)}</span>
      </p>
      <p className="text-sm text-slate-700">
        Acheteur : <strong>{report.conversation.buyer}</strong> · Vendeur : <strong>{report.conversation.seller}</strong>
      </p>
      <p>
        <span className="font-medium">{report.reason}</span>
        {report.message ? ` : « ${report.message} »` : ""}
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">Derniers messages ({report.messages.length})</summary>
        <ol className="mt-2 space-y-2">
          {report.messages.map((m) => (
            <li key={m.at + m.sender} className="rounded-lg bg-slate-50 p-2">
              <p className="text-xs text-slate-500">
                {m.sender} — {formatDateTime(m.at)}
              </p>
              <p className="whitespace-pre-line break-words">{m.body}</p>
            </li>
          ))}
        </ol>
      </details>
      <Form noValidate method="post">
        <input type="hidden" name="intent" value="dismiss-report" />
        <input type="hidden" name="id" value={report.id} />
        <Button type="submit" variant="secondary">
          Classer sans suite
        </Button>
      </Form>
    </li>
  );
}

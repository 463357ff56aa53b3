import { useEffect, useRef } from "react";
import { Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { formatCount } from "~/ui/format";
import type { PendingRevisionItem, PriceChangeItem } from "./moderation-data";
import type { ModerationHistory } from "./moderation-data";
import type { ModerationQueue } from "./moderation-data";
import type { OpenReport, PendingPros, ReviewSamples, VerifiedPros } from "./moderation-data";
import { MODERATION_TABS, moderationTab, type ModerationActionResult } from "./moderation-action-data";
import { ModerationHistoryView } from "./moderation-history";
import { ModerationPager } from "./moderation-pager";
import { PriceChanges } from "./price-changes";
import { ProsTab } from "./pro-card";
import { QueueCard } from "./queue-card";
import { ReviewSamplesSection } from "./review-sample-card";
import { ConversationReportCard, ListingReportCard } from "./report-cards";
import { RevisionCard } from "./revision-card";
import { VerifiedProsSection } from "./verified-pros";

export interface ModerationPageData {
  queue: ModerationQueue;
  reports: OpenReport[];
  revisions: PendingRevisionItem[];
  priceChanges: PriceChangeItem[];
  pros: PendingPros;
  history: ModerationHistory | null;
  /** 'Contrôle après publication' (queue tab only). */
  samples: ReviewSamples | null;
  /** 'Professionnels vérifiés' ('Professionnels' tab only). */
  verifiedPros: VerifiedPros | null;
}

/** J / K move between queue items, as in mail clients, for fast keyboard review. */
function useQueueKeys(list: React.RefObject<HTMLDivElement | null>) {
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
  }, [list]);
}

function QueueTab({ data }: { data: ModerationPageData }) {
  const list = useRef<HTMLDivElement>(null);
  useQueueKeys(list);
  const { queue } = data;
  const first = queue.items.length ? (queue.page - 1) * queue.pageSize + 1 : 0;
  return (
    <div ref={list} className="space-y-4">
      <p className="text-sm text-slate-600">
        {formatCount(queue.count, "annonce en attente", "annonces en attente")}, de la plus ancienne à la plus récente.
        <span data-key-hint className="hidden keyboard:inline">
          {" "}
          Raccourcis : J / K pour passer d'une annonce à l'autre, V pour valider, R pour refuser.
        </span>
      </p>
      {queue.items.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-slate-600 shadow-sm">Aucune annonce en attente de validation.</p>
      ) : (
        <>
          {queue.pageCount > 1 ? (
            <p className="text-sm font-medium" data-testid="queue-range">
              Annonces {first} à {first + queue.items.length - 1} sur {queue.count}
              {queue.remaining > 0 ? ` — ${formatCount(queue.remaining, "autre annonce attend", "autres annonces attendent")} après celles-ci.` : "."}
            </p>
          ) : null}
          {queue.items.map((item, i) => (
            <QueueCard key={item.id} item={item} index={first - 1 + i} total={queue.count} />
          ))}
          <ModerationPager page={queue.page} pageCount={queue.pageCount} label="Pages de la file de validation" />
        </>
      )}
      {data.revisions.length > 0 ? (
        <section aria-labelledby="revisions-title" className="space-y-4">
          <h2 id="revisions-title" className="text-lg font-semibold">
            Modifications d'annonces en ligne ({data.revisions.length})
          </h2>
          <p className="text-sm text-slate-600">Les acheteurs voient la version validée tant que la modification n'est pas acceptée.</p>
          {data.revisions.map((item) => (
            <RevisionCard key={item.listingId} item={item} />
          ))}
        </section>
      ) : null}
      {data.samples && data.samples.count > 0 ? <ReviewSamplesSection samples={data.samples} /> : null}
      {data.priceChanges.length > 0 ? <PriceChanges items={data.priceChanges} /> : null}
    </div>
  );
}

function ReportsTab({ reports }: { reports: OpenReport[] }) {
  if (reports.length === 0) return <p className="rounded-xl bg-white p-6 text-slate-600 shadow-sm">Aucun signalement en attente.</p>;
  return (
    <ul className="space-y-4">
      {reports.map((report) =>
        report.kind === "conversation" ? (
          <ConversationReportCard key={report.id} report={report} />
        ) : (
          <ListingReportCard key={report.id} report={report} />
        ),
      )}
    </ul>
  );
}

export function ModerationPage({ data }: { data: ModerationPageData }) {
  const [params] = useSearchParams();
  const tab = moderationTab(params);
  const result = useActionData<ModerationActionResult>();
  const navigation = useNavigation();
  const tabClass = (active: boolean) =>
    `rounded-lg px-4 py-2 text-sm font-semibold whitespace-nowrap ${active ? "bg-brand-600 text-white" : "bg-white text-slate-800 ring-1 ring-slate-300"}`;
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">Modération</h1>
      <nav aria-label="Onglets de modération" className="flex flex-wrap gap-2">
        <Link to="/moderation" className={tabClass(tab === "queue")} aria-current={tab === "queue" ? "page" : undefined}>
          À valider ({data.queue.count})
        </Link>
        <Link to={`/moderation?onglet=${MODERATION_TABS.reports}`} className={tabClass(tab === "reports")} aria-current={tab === "reports" ? "page" : undefined}>
          Signalements ({data.reports.length})
        </Link>
        <Link to={`/moderation?onglet=${MODERATION_TABS.pros}`} className={tabClass(tab === "pros")} aria-current={tab === "pros" ? "page" : undefined}>
          Professionnels ({data.pros.count})
        </Link>
        <Link to={`/moderation?onglet=${MODERATION_TABS.history}`} className={tabClass(tab === "history")} aria-current={tab === "history" ? "page" : undefined}>
          Historique
        </Link>
      </nav>
      {result && navigation.state === "idle" ? (
        <p role={"ok" in result ? "status" : "alert"} className={`rounded-lg px-4 py-2 text-sm ${"ok" in result ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}>
          {"ok" in result ? result.ok : result.error}
        </p>
      ) : null}
      {tab === "queue" ? <QueueTab data={data} /> : null}
      {tab === "reports" ? <ReportsTab reports={data.reports} /> : null}
      {tab === "pros" ? (
        <div className="space-y-8">
          <ProsTab pros={data.pros} />
          {data.verifiedPros ? <VerifiedProsSection pros={data.verifiedPros} /> : null}
        </div>
      ) : null}
      {tab === "history" && data.history ? <ModerationHistoryView history={data.history} /> : null}
    </section>
  );
}

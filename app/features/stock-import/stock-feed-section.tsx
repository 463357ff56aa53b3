import { useEffect, useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/ui/button";
import { formatDateTime } from "~/ui/format";
import { STOCK_HELP_PATH } from "./stock-import-paths";
import { FEED_FAILURES_TOLD, STOCK_FEED_PATH, feedRunSummary, type StockFeedView } from "./stock-feed-view";

/**
 * 'Flux automatique' on 'Mon stock' (issue 35, decision 0051): the address of the dealer's
 * stock (CSV or JSON), fetched every 6 h; 'Synchroniser maintenant'; the state of the last
 * synchronisation or why the feed cannot be read. Its data comes from /account/stock/flux
 * (a fetcher), so the page's own loader is left as it is.
 */

interface FeedResponse {
  feed?: StockFeedView | null;
  ok?: string;
  error?: string;
}

function FeedState({ feed }: { feed: StockFeedView }) {
  const failing = feed.consecutiveFailures > 0 && feed.lastError;
  return (
    <div className="space-y-2 text-sm" data-testid="stock-feed-state">
      {feed.syncing ? <p role="status">Synchronisation en cours…</p> : null}
      {feed.queued ? <p role="status">Synchronisation demandée : elle commence dans quelques instants.</p> : null}
      {failing && feed.consecutiveFailures >= FEED_FAILURES_TOLD ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200">
          Flux injoignable ({feed.consecutiveFailures} échecs) : {feed.lastError}
        </p>
      ) : failing ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-200">
          Dernier essai en échec ({feed.consecutiveFailures} échec{feed.consecutiveFailures > 1 ? "s" : ""}) :{" "}
          {feed.lastError}. Vos annonces sont inchangées
          {feed.queued || feed.syncing ? "." : ` ; nouvel essai le ${formatDateTime(feed.nextRunAt)}.`}
        </p>
      ) : null}
      {feed.lastSuccessAt ? (
        <p className="text-slate-700">
          Dernière synchronisation : {formatDateTime(feed.lastSuccessAt)}
          {feed.lastRun ? ` — ${feedRunSummary(feed.lastRun)}` : ""}
        </p>
      ) : !feed.syncing && !feed.queued && !failing ? (
        <p className="text-slate-700">Première synchronisation en attente.</p>
      ) : null}
      {feed.lastRun?.status === "held" ? (
        <p className="text-amber-950">
          La dernière synchronisation attend votre confirmation des retraits (voir l'import ci-dessus).
        </p>
      ) : null}
      <p className="text-slate-600">
        Synchronisé toutes les {String(feed.intervalHours).replace(".", ",")} h
        {feed.queued || feed.syncing ? "." : ` — prochaine synchronisation le ${formatDateTime(feed.nextRunAt)}.`}
      </p>
    </div>
  );
}

async function feedRequest(init?: RequestInit): Promise<FeedResponse> {
  try {
    const response = await fetch(STOCK_FEED_PATH, { ...init, headers: { accept: "application/json" } });
    const body = (await response.json().catch(() => null)) as FeedResponse | null;
    if (!response.ok) return { error: body?.error ?? "La demande a échoué : réessayez." };
    return body ?? {};
  } catch {
    return { error: "La demande a échoué : vérifiez votre connexion et réessayez." };
  }
}

export function StockFeedSection() {
  const revalidator = useRevalidator();
  const [feed, setFeed] = useState<StockFeedView | null>(null);
  const [message, setMessage] = useState<{ ok?: string; error?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    void feedRequest().then((body) => setFeed(body.feed ?? null));
    return () => {
      mounted.current = false;
    };
  }, []);

  // After a save or 'Synchroniser maintenant': asks again every 2 s (3 minutes at most) until
  // the job has checked the feed, then reads the page's runs again.
  async function followSync(from: string | null) {
    for (let i = 0; i < 90 && mounted.current; i++) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const body = await feedRequest();
      if (!mounted.current || body.feed === undefined) continue;
      setFeed(body.feed);
      if (!body.feed || (!body.feed.syncing && body.feed.lastCheckedAt !== from)) break;
    }
    if (mounted.current) void revalidator.revalidate();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const form = new FormData(event.currentTarget);
    if (submitter?.name) form.set(submitter.name, submitter.value);
    setBusy(true);
    const body = await feedRequest({ method: "POST", body: new URLSearchParams(form as unknown as Record<string, string>) });
    setBusy(false);
    setMessage({ ok: body.ok, error: body.error });
    if (body.feed !== undefined) setFeed(body.feed);
    if (body.ok && body.feed) void followSync(body.feed.lastCheckedAt);
  }

  return (
    <section className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-slate-200" aria-labelledby="stock-feed-title">
      <h2 id="stock-feed-title" className="text-lg font-semibold text-slate-900">
        Flux automatique
      </h2>
      <p className="text-sm text-slate-600">
        Votre logiciel publie votre stock à une adresse (CSV ou JSON, mêmes colonnes que le fichier) : nous la lisons
        toutes les 6 heures. L'annonce d'un véhicule absent du flux est supprimée.{" "}
        <a href={`${STOCK_HELP_PATH}#flux`} className="font-semibold text-brand-700 underline">
          En savoir plus
        </a>
      </p>
      <form method="post" action={STOCK_FEED_PATH} onSubmit={onSubmit} noValidate className="space-y-3">
        <label className="block text-sm font-medium text-slate-900" htmlFor="stock-feed-url">
          Adresse du flux (https://…)
        </label>
        <input
          key={feed?.url ?? "new"}
          id="stock-feed-url"
          name="url"
          type="url"
          inputMode="url"
          autoComplete="url"
          defaultValue={feed?.url ?? ""}
          placeholder="https://www.mon-garage.fr/stock.csv"
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
        />
        {message?.error || message?.ok ? (
          <p role={message.error ? "alert" : "status"} className={message.error ? "text-sm text-red-800" : "text-sm text-emerald-800"}>
            {message.error ?? message.ok}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="save-feed" disabled={busy}>
            Enregistrer le flux
          </Button>
          {feed ? (
            <>
              <Button type="submit" name="intent" value="sync-feed" variant="secondary" disabled={busy || feed.syncing}>
                Synchroniser maintenant
              </Button>
              <Button type="submit" name="intent" value="delete-feed" variant="secondary" disabled={busy}>
                Supprimer le flux
              </Button>
            </>
          ) : null}
        </div>
      </form>
      {feed ? <FeedState feed={feed} /> : null}
    </section>
  );
}

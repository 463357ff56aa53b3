import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, Link, useActionData, useRevalidator } from "react-router";
import { SignInRequired } from "~/features/auth/sign-in-required";
import { PRO_PAGE_PATH } from "~/features/pro/pro-status";
import { Breadcrumb } from "~/ui/breadcrumb";
import { Button, buttonClasses } from "~/ui/button";
import { formatDateTime } from "~/ui/format";
import { runCountsText } from "./stock-feed-view";
import { STOCK_HELP_PATH, runReportPath } from "./stock-import-paths";
import type { StockPageData, StockRunView } from "./stock-page-data";

/**
 * 'Mon stock' (issue 35): the professional's listings and 'Importer un fichier' — the upload,
 * the run's progress and report, the past runs and their downloadable reports.
 */

const RUN_LABELS: Record<StockRunView["status"], string> = {
  queued: "En attente",
  running: "En cours",
  held: "Retraits à confirmer",
  done: "Terminé",
  failed: "Refusé",
};

function RunSummary({ run }: { run: StockRunView }) {
  const active = run.status === "queued" || run.status === "running";
  return (
    <div className="space-y-3" data-testid="stock-run">
      <p className="text-sm text-slate-600">
        {run.fileName ? <span className="font-semibold text-slate-900">{run.fileName}</span> : "Fichier"} — importé le{" "}
        {formatDateTime(run.createdAt)} — <span data-testid="stock-run-status">{RUN_LABELS[run.status]}</span>
        {active && run.totalRows ? ` (${run.processedRows} / ${run.totalRows} lignes)` : ""}
      </p>
      {run.status === "failed" ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          {run.failureReason}
        </p>
      ) : null}
      {run.status === "held" ? (
        <Form
          method="post"
          noValidate
          className="space-y-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200"
          data-testid="stock-run-held"
        >
          <p role="alert">
            Ce fichier retirerait {run.heldWithdrawals} annonce{run.heldWithdrawals > 1 ? "s" : ""} absente
            {run.heldWithdrawals > 1 ? "s" : ""} du fichier, soit plus de la moitié de vos annonces en ligne. Les autres
            lignes ont été importées ; confirmez-vous ces retraits ?
          </p>
          <input type="hidden" name="runId" value={run.id} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="confirm-withdrawals" variant="danger">
              Confirmer le retrait
            </Button>
            <Button type="submit" name="intent" value="keep-listings" variant="secondary">
              Garder mes annonces
            </Button>
          </div>
        </Form>
      ) : null}
      {run.status === "done" || run.status === "held" ? (
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" aria-label="Résultat de l'import">
          {(
            [
              ["Créées", run.created],
              ["Mises à jour", run.updated],
              ["Inchangées", run.unchanged],
              ["Retirées", run.withdrawn],
              ["Refusées", run.rejected],
              ["Photos récupérées", run.photosFetched],
              ["Photos en échec", run.photosFailed],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-lg bg-slate-50 p-2 ring-1 ring-slate-200">
              <dt className="text-slate-600">{label}</dt>
              <dd className="text-lg font-semibold text-slate-900" data-testid={`stock-run-${label}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {run.rejectedRows.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Lignes refusées</h3>
          <ul className="mt-1 space-y-1 text-sm text-red-900" data-testid="stock-run-rejected">
            {run.rejectedRows.map((row) => (
              <li key={`${row.line}-${row.reason}`}>{row.reason}</li>
            ))}
          </ul>
          {run.rejected > run.rejectedRows.length ? (
            <p className="mt-1 text-sm text-slate-600">
              … et {run.rejected - run.rejectedRows.length} autres dans le rapport.
            </p>
          ) : null}
        </div>
      ) : null}
      {run.ignoredColumns.length > 0 ? (
        <p className="text-sm text-slate-600">Colonnes ignorées : {run.ignoredColumns.join(", ")}.</p>
      ) : null}
      {run.status !== "queued" && run.status !== "running" ? (
        <a href={runReportPath(run.id)} className={buttonClasses("secondary")} download>
          Télécharger le rapport
        </a>
      ) : null}
    </div>
  );
}

function UploadForm({ maxMegabytes, onDone }: { maxMegabytes: number; onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // A file chosen before the page's script ran.
  useEffect(() => setFileName(input.current?.files?.[0]?.name ?? null), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      setError("Choisissez un fichier CSV.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(`/api/pro/stock-imports?nom=${encodeURIComponent(file.name)}`, {
        method: "POST",
        body: file,
        headers: { "content-type": "text/csv", accept: "application/json" },
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: string } | null;
        setError(body?.error ?? "L'envoi du fichier a échoué : réessayez.");
        return;
      }
      if (input.current) input.current.value = "";
      setFileName(null);
      onDone();
    } catch {
      setError("L'envoi du fichier a échoué : vérifiez votre connexion et réessayez.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="Importer un fichier">
      <label className="block text-sm font-medium text-slate-900" htmlFor="stock-file">
        Fichier CSV de votre stock ({maxMegabytes} Mo au plus)
      </label>
      {/* The browser's own control speaks the browser's language ('Choose File'): the input stays
          (labelled above, focusable, opened by Space or Enter) but out of sight, and a French
          button-like label opens it, as the wizard's 'Ajouter des photos'. */}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <input
          ref={input}
          id="stock-file"
          name="file"
          type="file"
          accept=".csv,text/csv"
          className="peer sr-only"
          aria-describedby="stock-file-name"
          onChange={(event) => setFileName(event.currentTarget.files?.[0]?.name ?? null)}
        />
        <label
          htmlFor="stock-file"
          className={buttonClasses(
            "secondary",
            "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
          )}
        >
          Choisir un fichier CSV
        </label>
        <span id="stock-file-name" className="min-w-0 truncate text-sm text-slate-700">
          {fileName ?? "Aucun fichier choisi"}
        </span>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? "Envoi…" : "Importer"}
        </Button>
        <Link to={STOCK_HELP_PATH} className="text-sm font-semibold text-brand-700 underline">
          Colonnes acceptées et modèle
        </Link>
      </div>
    </form>
  );
}

/** Whether the dealer's imports go online at once or wait for a moderator (decision 0054). */
function PublicationRule({ trusted }: { trusted: boolean }) {
  return trusted ? (
    <p className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-950 ring-1 ring-emerald-200" data-testid="stock-publication-rule">
      <strong>Compte « de confiance » : vos imports sont publiés immédiatement.</strong> Les annonces créées ou modifiées
      par vos fichiers et votre flux sont en ligne dès leur import (dès leurs photos récupérées pour une nouvelle
      annonce). Notre équipe en contrôle une partie après publication et peut retirer une annonce non conforme.
    </p>
  ) : (
    <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800 ring-1 ring-slate-200" data-testid="stock-publication-rule">
      <strong>Vos imports attendent la validation de notre équipe.</strong> Une nouvelle annonce est en ligne une fois
      vérifiée ; sur une annonce en ligne, les modifications importantes (description, kilométrage, équipements,
      photos…) sont vérifiées avant d'être visibles, l'annonce validée restant en ligne en attendant. Les changements de
      prix s'appliquent immédiatement.
    </p>
  );
}

export function StockPage({ data, feedSection, children }: { data: StockPageData; feedSection?: ReactNode; children?: ReactNode }) {
  const revalidator = useRevalidator();
  const result = useActionData<{ ok?: string; error?: string }>();
  const active = data.access === "ok" && data.runs.some((run) => run.status === "queued" || run.status === "running");
  // While a run waits or runs, the page asks again every 2 s (the job is in the background).
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [active, revalidator]);

  if (data.access === "signed-out") return <SignInRequired message="Connectez-vous pour gérer votre stock." />;
  const header = (
    <>
      <Breadcrumb items={[{ label: "Accueil", to: "/" }, { label: "Mon stock" }]} />
      <h1 className="text-2xl font-bold text-slate-900">Mon stock</h1>
    </>
  );
  if (data.access === "not-verified") {
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        {header}
        <p className="rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200">
          L'import de stock est réservé aux professionnels vérifiés.{" "}
          <Link to={PRO_PAGE_PATH} className="font-semibold underline">
            {data.proStatus ? "Voir mon profil professionnel" : "Déclarer mon activité professionnelle"}
          </Link>
        </p>
      </div>
    );
  }
  const [latest, ...past] = data.runs;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      {header}
      <section className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-slate-200" aria-labelledby="stock-import-title">
        <h2 id="stock-import-title" className="text-lg font-semibold text-slate-900">
          Importer un fichier
        </h2>
        <p className="text-sm text-slate-600">
          Chaque ligne est reliée à son annonce par votre référence : une nouvelle référence crée une annonce, une ligne
          modifiée met l'annonce à jour, une ligne identique ne change rien.
        </p>
        <PublicationRule trusted={data.trusted} />
        {result?.ok || result?.error ? (
          <p role="status" className={result.error ? "text-sm text-red-800" : "text-sm text-emerald-800"}>
            {result.error ?? result.ok}
          </p>
        ) : null}
        <UploadForm maxMegabytes={data.maxMegabytes} onDone={() => void revalidator.revalidate()} />
        {latest ? <RunSummary run={latest} /> : null}
      </section>
      {feedSection}
      {past.length > 0 ? (
        <section className="space-y-2" aria-labelledby="stock-runs-title">
          <h2 id="stock-runs-title" className="text-lg font-semibold text-slate-900">
            Imports précédents (90 jours)
          </h2>
          <ul className="divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200">
            {past.map((run) => (
              <li key={run.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                <span>
                  {formatDateTime(run.createdAt)} — {run.fileName ?? "Fichier"} — {RUN_LABELS[run.status]}
                  {run.status === "done"
                    ? ` : ${runCountsText(run)}`
                    : ""}
                </span>
                <a href={runReportPath(run.id)} className="font-semibold text-brand-700 underline" download>
                  Télécharger le rapport
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {/* The listings table with its bulk actions (dealer-dashboard/stock-table.tsx), composed by the route. */}
      {children}
    </div>
  );
}

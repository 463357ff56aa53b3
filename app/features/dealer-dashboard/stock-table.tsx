import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { SALE_UNDO_DAYS } from "~/features/hosting/hosting-flash";
import { SOLD_CHANNEL_OPTIONS, type SoldChannel } from "~/features/hosting/sold-channels";
import { Button } from "~/ui/button";
import { PageLinks } from "~/ui/pagination";
import { useInteractive } from "~/ui/use-interactive";
import { bulkSummary, type BulkAction, type PriceMode } from "./bulk-actions";
import { StockFilterForm } from "./stock-filter-form";
import { StockRowItem } from "./stock-row";
import { STOCK_ACTIONS_PATH, STOCK_PATH, STOCK_STATS_PATH } from "./stock-paths";
import { hasStockFilters, stockQueryString, type StockTableData } from "./stock-table-data";

/**
 * 'Mon stock' table (issue 35, decision 0052): the dealer's listings with filters, sort and
 * pages (a GET form and links: they work before hydration), row selection and the bulk
 * actions, confirmed in a dialog that says how many listings change.
 */

const ACTION_LABELS: Record<BulkAction, string> = {
  price: "Modifier le prix",
  sold: "Marquer vendues",
  withdraw: "Retirer de la vente",
  restore: "Remettre en vente",
  delete: "Supprimer",
};

interface BulkResult {
  ok?: string;
  error?: string;
}

export function StockTable({ data }: { data: StockTableData }) {
  const interactive = useInteractive();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BulkResult | null>(null);
  // The selection belongs to the rows shown: another page (or filter) starts a new one.
  const [selection, setSelection] = useState<{ key: string; ids: Set<string> }>({ key: "", ids: new Set() });
  const [action, setAction] = useState<BulkAction>("price");
  const [mode, setMode] = useState<PriceMode>("percent");
  const [amount, setAmount] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [soldChannel, setSoldChannel] = useState<SoldChannel | null>(null);
  const pageIds = data.rows.map((row) => row.id);
  const pageKey = pageIds.join(",");
  const selected = selection.key === pageKey ? selection.ids : new Set<string>();
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const parsedAmount = Number(amount.replace(",", ".").replace(/\s/g, ""));
  const amountValid =
    action !== "price" || (amount.trim() !== "" && Number.isFinite(parsedAmount) && parsedAmount !== 0);

  function toggle(id: string) {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelection({ key: pageKey, ids: next });
  }

  async function confirm() {
    const form = new FormData();
    form.set("action", action);
    for (const id of selected) form.append("id", id);
    if (action === "price") {
      form.set("mode", mode);
      form.set("amount", String(parsedAmount));
    }
    if (action === "sold" && soldChannel) form.set("channel", soldChannel);
    setBusy(true);
    setResult(null);
    try {
      const response = await fetch(STOCK_ACTIONS_PATH, {
        method: "POST",
        body: form,
        headers: { accept: "application/json" },
      });
      const body = (await response.json().catch(() => null)) as BulkResult | null;
      if (!response.ok || !body?.ok) {
        setResult({ error: body?.error ?? "L'action n'a pas pu être enregistrée : réessayez." });
        return;
      }
      setResult({ ok: body.ok });
      setSelection({ key: "", ids: new Set() });
      setConfirming(false);
      await revalidator.revalidate();
    } catch {
      setResult({ error: "L'action n'a pas pu être enregistrée : vérifiez votre connexion et réessayez." });
    } finally {
      setBusy(false);
    }
  }

  const href = (page: number) => `${STOCK_PATH}${stockQueryString({ ...data.query, page })}`;
  const summary = bulkSummary(action, selected.size, action === "price" ? { mode, amount: parsedAmount } : undefined);

  return (
    <section className="space-y-3" aria-labelledby="stock-listings-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="stock-listings-title" className="text-lg font-semibold text-slate-900">
          Mes véhicules ({data.total})
        </h2>
        <Link to={STOCK_STATS_PATH} className="text-sm font-semibold text-brand-700 underline">
          Statistiques de la boutique
        </Link>
      </div>
      <StockFilterForm query={data.query} />

      <div
        className="space-y-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200"
        role="group"
        aria-label="Actions groupées"
      >
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <label className="flex items-center gap-2 font-medium">
            <input
              type="checkbox"
              className="size-5 accent-brand-600"
              checked={allSelected}
              disabled={!interactive || pageIds.length === 0}
              onChange={() => setSelection({ key: pageKey, ids: allSelected ? new Set() : new Set(pageIds) })}
            />
            Tout sélectionner
          </label>
          <span aria-live="polite" data-testid="stock-selected-count">
            {selected.size} sélectionnée{selected.size > 1 ? "s" : ""}
          </span>
        </div>
        <div className="flex flex-wrap items-end gap-2 text-sm">
          <label className="grid gap-1">
            <span className="font-medium">Action</span>
            <select
              value={action}
              onChange={(event) => setAction(event.target.value as BulkAction)}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2"
            >
              {(Object.keys(ACTION_LABELS) as BulkAction[]).map((key) => (
                <option key={key} value={key}>
                  {ACTION_LABELS[key]}
                </option>
              ))}
            </select>
          </label>
          {action === "price" ? (
            <>
              <label className="grid gap-1">
                <span className="font-medium">Variation</span>
                <input
                  inputMode="decimal"
                  value={amount}
                  onChange={(event) => setAmount(event.target.value)}
                  placeholder="-5"
                  className="w-24 rounded-lg border border-slate-300 px-3 py-2"
                />
              </label>
              <label className="grid gap-1">
                <span className="font-medium">Unité</span>
                <select
                  value={mode}
                  onChange={(event) => setMode(event.target.value as PriceMode)}
                  className="rounded-lg border border-slate-300 bg-white px-3 py-2"
                >
                  <option value="percent">%</option>
                  <option value="euros">€</option>
                </select>
              </label>
            </>
          ) : null}
          <Button
            type="button"
            disabled={!interactive || selected.size === 0 || !amountValid || busy}
            onClick={() => {
              setResult(null);
              // Asked anew for each batch: an answer is about these vehicles.
              setSoldChannel(null);
              setConfirming(true);
            }}
          >
            Appliquer…
          </Button>
        </div>
        {result?.ok || result?.error ? (
          <p
            role={result.error ? "alert" : "status"}
            className={result.error ? "text-sm text-red-800" : "text-sm text-emerald-800"}
          >
            {result.error ?? result.ok}
          </p>
        ) : null}
      </div>

      {data.rows.length === 0 ? (
        <p className="text-sm text-slate-600">
          {data.total === 0 && !hasStockFilters(data.query)
            ? "Aucun véhicule pour l'instant : importez votre fichier de stock."
            : "Aucun véhicule ne correspond à ces filtres."}
        </p>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200"
          data-testid="stock-listings"
        >
          {data.rows.map((row) => (
            <StockRowItem key={row.id} row={row} checked={selected.has(row.id)} onToggle={toggle} />
          ))}
        </ul>
      )}
      <PageLinks page={data.page} pageCount={data.pageCount} href={href} label="Pages de mon stock" />

      <Dialog.Root open={confirming} onOpenChange={(open) => !busy && setConfirming(open)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
          <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
            <Dialog.Title className="text-xl font-bold">Confirmer l'action</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-slate-700">{summary}</Dialog.Description>
            {action === "sold" ? (
              <fieldset className="mt-4">
                <legend className="text-sm font-semibold text-slate-800">
                  {selected.size > 1 ? "Vendus sur Occazio ?" : "Vendu sur Occazio ?"}
                </legend>
                <div className="mt-2 space-y-2">
                  {SOLD_CHANNEL_OPTIONS.map((c) => (
                    <label key={c.value} className="flex items-center gap-2 text-sm text-slate-800">
                      <input
                        type="radio"
                        name="bulk-sold-channel"
                        value={c.value}
                        checked={soldChannel === c.value}
                        onChange={() => setSoldChannel(c.value)}
                        className="h-4 w-4 accent-brand-600"
                      />
                      {c.label}
                    </label>
                  ))}
                </div>
                <p className="mt-2 text-xs text-slate-600">
                  Vous pourrez annuler chaque vente pendant {SALE_UNDO_DAYS} jours depuis « Mes annonces ».
                </p>
              </fieldset>
            ) : null}
            {result?.error ? (
              <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                {result.error}
              </p>
            ) : null}
            <div className="mt-5 flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary" disabled={busy}>
                  Annuler
                </Button>
              </Dialog.Close>
              <Button
                variant={action === "delete" ? "danger" : "primary"}
                disabled={busy || (action === "sold" && !soldChannel)}
                onClick={() => void confirm()}
              >
                {busy ? "Enregistrement…" : action === "delete" ? "Supprimer définitivement" : "Confirmer"}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}

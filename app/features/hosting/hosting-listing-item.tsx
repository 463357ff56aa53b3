import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { SALE_UNDO_DAYS } from "~/features/hosting/hosting-flash";
import { listingPath } from "~/features/listings/listing-seo";
import { isEditableStatus } from "~/features/publish/editable-statuses";
import { Button, buttonClasses } from "~/ui/button";
import { formatCount, formatDate, formatPrice } from "~/ui/format";
import { PhotoCarousel } from "~/ui/photo-carousel";
import { SOLD_CHANNEL_OPTIONS } from "./sold-channels";
import { deName } from "~/ui/elision";

/** What 'Mes annonces' shows of one listing (the loader's HostingListing, as JSON). */
export interface HostingItem {
  id: string;
  brand: string;
  model: string;
  price: number | null;
  city: string | null;
  postalCode: string | null;
  photos: { src: string; srcSet: string }[];
  status: string;
  rejectionReason: string | null;
  revisionPending?: boolean;
  /** When it was marked sold (ISO), for 'Annuler la vente' within 7 days. */
  soldAt?: string | null;
  /** `phone`: buyers who revealed the seller's number (once each, see seller-phone.server.ts). */
  counters: { click: number; view: number; heart: number; phone: number };
}

type ItemActionResult = { ok: true; message: string } | { error: string };

const BADGES: Record<string, { label: string; className: string }> = {
  pending: { label: "En cours de validation", className: "bg-amber-100 text-amber-900" },
  rejected: { label: "Refusée", className: "bg-red-100 text-red-800" },
  published: { label: "Publiée", className: "bg-emerald-100 text-emerald-800" },
  sold: { label: "Vendue", className: "bg-slate-800 text-white" },
  withdrawn: { label: "Hors ligne", className: "bg-amber-100 text-amber-900" },
  deleted: { label: "Supprimée", className: "bg-slate-200 text-slate-700" },
};

const ICONS = {
  click: "M9 3v2M3 9h2M5.3 5.3l1.4 1.4M9 9l11 4-5 2-2 5z",
  view: "M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zm10-3a3 3 0 1 0 0 6 3 3 0 0 0 0-6z",
  heart: "M12 20.5 4.2 12.9A4.9 4.9 0 0 1 11.2 6l.8.8.8-.8a4.9 4.9 0 0 1 7 6.9z",
  phone: "M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z",
};

function Counter({ icon, text }: { icon: string; text: string }) {
  return (
    <li className="flex items-center gap-1">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 fill-none stroke-current" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d={icon} />
      </svg>
      {text}
    </li>
  );
}

/** One listing of 'Mes annonces': photos, facts, counters, status and the seller's actions. */
export function HostingListingItem({ listing }: { listing: HostingItem }) {
  const fetcher = useFetcher<ItemActionResult>();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const title = `${listing.brand} ${listing.model}`;
  const badge = BADGES[listing.status] ?? BADGES.pending;
  const busy = fetcher.state !== "idle";
  const editable = isEditableStatus(listing.status);
  const error = fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;
  const c = listing.counters;

  return (
    <article aria-label={title} className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 sm:flex">
      <PhotoCarousel photos={listing.photos} alt={title} className="aspect-[4/3] sm:w-72 sm:shrink-0" />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h3 className="text-lg font-semibold">
              {listing.brand} <span className="font-normal">{listing.model}</span>
            </h3>
            <p className="text-sm text-slate-600">
              {[listing.postalCode, listing.city].filter(Boolean).join(" ") || "Localisation non précisée"}
            </p>
          </div>
          <p className="text-lg font-bold text-brand-700">
            {listing.price != null ? formatPrice(listing.price) : "Prix non précisé"}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {listing.status === "sold" && listing.soldAt ? (
            <span className="text-sm text-slate-600">{`Vendue le ${formatDate(listing.soldAt)}`}</span>
          ) : null}
          {badge ? (
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge.className}`}>{badge.label}</span>
          ) : null}
          {listing.revisionPending ? (
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">Modification en attente de modération</span>
          ) : null}
        </div>
        {listing.revisionPending ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Vos dernières modifications seront visibles après validation par notre équipe. D'ici là, les acheteurs voient la version validée.
          </p>
        ) : null}
        {listing.status === "withdrawn" ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Retirée de la vente : elle n'apparaît plus sur le site. Ses statistiques, favoris et messages sont conservés jusqu'à sa remise en vente.
          </p>
        ) : null}
        {listing.status === "rejected" && listing.rejectionReason ? (
          <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            <span className="font-semibold">Motif du refus :</span> {listing.rejectionReason}
          </p>
        ) : null}
        <ul aria-label="Statistiques" className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
          <Counter icon={ICONS.click} text={formatCount(c.click, "clic", "clics")} />
          <Counter icon={ICONS.view} text={formatCount(c.view, "vue", "vues")} />
          <Counter icon={ICONS.heart} text={formatCount(c.heart, "favori", "favoris")} />
          <Counter icon={ICONS.phone} text={formatCount(c.phone, "demande de numéro", "demandes de numéro")} />
        </ul>
        {error ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          {editable ? (
            <Link to={`/edit-annonce/${listing.id}`} className={buttonClasses("primary", "px-3 py-2")} aria-label={`Modifier ${title}`}>
              Modifier
            </Link>
          ) : null}
          {listing.status === "published" ? (
            <Link to={listingPath(listing)} className={buttonClasses("secondary", "px-3 py-2")} aria-label={`Voir l'annonce ${title}`}>
              Voir l'annonce
            </Link>
          ) : null}
          {listing.status === "published" || listing.status === "withdrawn" ? (
            <MarkSoldDialog listing={listing} title={title} fetcher={fetcher} busy={busy} />
          ) : null}
          {listing.status === "published" || listing.status === "withdrawn" ? (
            <fetcher.Form noValidate method="post" action="/hosting">
              <input type="hidden" name="listingId" value={listing.id} />
              {listing.status === "published" ? (
                <Button type="submit" name="intent" value="withdraw" variant="secondary" className="px-3 py-2" disabled={busy} aria-label={`Retirer de la vente ${title}`}>
                  Retirer de la vente
                </Button>
              ) : (
                <Button type="submit" name="intent" value="restore" className="px-3 py-2" disabled={busy} aria-label={`Remettre en vente ${title}`}>
                  Remettre en vente
                </Button>
              )}
            </fetcher.Form>
          ) : null}
          {listing.status === "sold" && listing.soldAt && undoable(listing.soldAt) ? (
            <fetcher.Form noValidate method="post" action="/hosting">
              <input type="hidden" name="listingId" value={listing.id} />
              <Button type="submit" name="intent" value="unsold" variant="secondary" className="px-3 py-2" disabled={busy} aria-label={`Annuler la vente ${deName(title)}`}>
                Annuler la vente
              </Button>
            </fetcher.Form>
          ) : null}
          {listing.status !== "deleted" ? (
            <Dialog.Root open={confirmOpen} onOpenChange={setConfirmOpen}>
              <Dialog.Trigger asChild>
                <button
                  type="button"
                  className="inline-flex items-center rounded-lg px-3 py-2 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50 disabled:opacity-60"
                  disabled={busy}
                  aria-label={`Supprimer ${title}`}
                >
                  Supprimer
                </button>
              </Dialog.Trigger>
              <Dialog.Portal>
                <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
                <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
                  <Dialog.Title className="text-lg font-bold">Supprimer cette annonce ?</Dialog.Title>
                  <Dialog.Description className="mt-2 text-sm text-slate-700">
                    « {title} » sera retirée de la recherche et rangée dans « Annonce supprimée ». Cette action est
                    définitive.
                    {listing.status === "published" || listing.status === "withdrawn"
                      ? " Pour la mettre hors ligne un temps seulement, choisissez plutôt « Retirer de la vente »."
                      : null}
                  </Dialog.Description>
                  <fetcher.Form noValidate method="post" action="/hosting" className="mt-6 flex flex-wrap justify-end gap-3" onSubmit={() => setConfirmOpen(false)}>
                    <input type="hidden" name="listingId" value={listing.id} />
                    <Dialog.Close asChild>
                      <Button variant="secondary">Annuler</Button>
                    </Dialog.Close>
                    <Button type="submit" name="intent" value="delete" variant="danger">
                      Supprimer l'annonce
                    </Button>
                  </fetcher.Form>
                </Dialog.Content>
              </Dialog.Portal>
            </Dialog.Root>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** 'Annuler la vente' is offered within the undo window (listing-sale.server.ts checks it too). */
const UNDO_MS = SALE_UNDO_DAYS * 24 * 3600 * 1000;
function undoable(soldAt: string): boolean {
  return Date.now() - new Date(soldAt).getTime() < UNDO_MS;
}


/**
 * 'Marquer comme vendue' asks for confirmation and 'Vendu sur Occazio ?' (issue 36): only 'oui'
 * counts in the seller's 'véhicules vendus sur Occazio'. The sale can be undone for 7 days.
 */
function MarkSoldDialog({
  listing,
  title,
  fetcher,
  busy,
}: {
  listing: HostingItem;
  title: string;
  fetcher: ReturnType<typeof useFetcher<ItemActionResult>>;
  busy: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [channel, setChannel] = useState<string | null>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setChannel(null);
      }}
    >
      <Dialog.Trigger asChild>
        <Button type="button" variant="secondary" className="px-3 py-2" disabled={busy}>
          Marquer comme vendue
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-lg font-bold">Marquer « {title} » comme vendue ?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700">
            L'annonce quittera la recherche et son adresse indiquera aux acheteurs que le véhicule est vendu. Vous pourrez annuler la vente pendant 7 jours.
          </Dialog.Description>
          <fetcher.Form noValidate method="post" action="/hosting" className="mt-4 space-y-4" onSubmit={() => setOpen(false)}>
            <input type="hidden" name="listingId" value={listing.id} />
            <fieldset>
              <legend className="text-sm font-semibold text-slate-800">Vendu sur Occazio ?</legend>
              <div className="mt-2 space-y-2">
                {SOLD_CHANNEL_OPTIONS.map((c) => (
                  <label key={c.value} className="flex items-center gap-2 text-sm text-slate-800">
                    <input type="radio" name="channel" value={c.value} checked={channel === c.value} onChange={() => setChannel(c.value)} className="h-4 w-4 accent-brand-600" />
                    {c.label}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="flex flex-wrap justify-end gap-3">
              <Dialog.Close asChild>
                <Button variant="secondary">Annuler</Button>
              </Dialog.Close>
              <Button type="submit" name="intent" value="sold" disabled={!channel}>
                Confirmer la vente
              </Button>
            </div>
          </fetcher.Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

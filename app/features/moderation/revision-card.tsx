import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { formatDateTime } from "~/ui/format";
import type { PendingRevisionItem } from "./moderation-data";
import { RejectionReasonFields } from "./rejection-reason-fields";

/**
 * A published listing's pending changes: material fields as a before/after table, and photos
 * added since the approval marked 'Nouvelle photo' among the others, in the seller's order.
 */
export function RevisionCard({ item }: { item: PendingRevisionItem }) {
  const [rejecting, setRejecting] = useState(false);
  const newPhotos = item.photos.filter((p) => p.isNew);
  // The decision covers the new photos shown here, not one the seller adds meanwhile.
  const seenPhotos = newPhotos.map((p) => <input key={p.id} type="hidden" name="photoId" value={p.id} />);
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
      {newPhotos.length > 0 ? (
        <section aria-label="Photos de l'annonce" className="space-y-2">
          <p className="text-sm font-semibold">
            {newPhotos.length === 1 ? "1 nouvelle photo" : `${newPhotos.length} nouvelles photos`} sur{" "}
            {item.photos.length}
          </p>
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-7">
            {item.photos.map((p, i) => (
              <li key={p.id} className="relative">
                <a href={p.src} target="_blank" rel="noreferrer" className="block">
                  <img
                    src={p.src}
                    alt={`Photo ${i + 1}${i === 0 ? " (principale)" : ""}${p.isNew ? " : nouvelle photo" : ""}`}
                    className={`aspect-[4/3] w-full rounded-lg object-cover ${p.isNew ? "ring-4 ring-amber-400" : "opacity-80"}`}
                    loading="lazy"
                  />
                </a>
                {p.isNew ? (
                  <span className="absolute left-1 top-1 rounded bg-amber-400 px-1.5 py-0.5 text-xs font-semibold text-amber-950">
                    Nouvelle photo
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {item.diff.length > 0 ? (
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
      ) : null}
      <div className="flex flex-wrap items-start gap-2">
        <Form noValidate method="post">
          <input type="hidden" name="intent" value="validate-revision" />
          <input type="hidden" name="id" value={item.listingId} />
          {seenPhotos}
          <Button type="submit" disabled={busy}>
            Valider la modification
          </Button>
        </Form>
        {rejecting ? (
          <Form noValidate method="post" className="w-full space-y-2 rounded-lg bg-slate-50 p-3">
            <input type="hidden" name="intent" value="reject-revision" />
            <input type="hidden" name="id" value={item.listingId} />
            {seenPhotos}
            <RejectionReasonFields label="Motif" placeholder="Choisissez un motif" />
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

import { fuelLabel } from "~/features/catalogue/vocabularies";
import { useRef, useState } from "react";
import { VERY_ACTIVE_LABEL } from "~/features/sellers/very-active";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { listingPath } from "~/features/listings/listing-seo";
import { Button } from "~/ui/button";
import { NOT_ENOUGH_COMPARABLES } from "~/features/pricing/price-rating";
import { PriceRatingBadge } from "~/features/pricing/price-rating-badge";
import { formatCount, formatDate, formatDateTime, formatMileage, formatPrice } from "~/ui/format";
import type { QueueItem } from "./moderation-data";
import type { ModerationActionResult } from "./moderation-action-data";
import { MODERATION_ACTION_LABELS } from "./moderation-reasons";
import { RejectionReasonFields } from "./rejection-reason-fields";

/** A keyboard shortcut's key, shown only where a keyboard is likely (see app.css `keyboard`). */
export function KeyHint({ children, className = "" }: { children: string; className?: string }) {
  return (
    <kbd data-key-hint className={`ml-1 hidden rounded px-1 text-xs keyboard:inline ${className}`}>
      {children}
    </kbd>
  );
}

/** One pending listing with what helps decide; V validates and R refuses when it has focus. */
export function QueueCard({ item, index, total }: { item: QueueItem; index: number; total: number }) {
  const [rejecting, setRejecting] = useState(false);
  const result = useActionData<ModerationActionResult>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const validateRef = useRef<HTMLButtonElement>(null);
  const fieldErrors = (result && "fieldErrors" in result && result.id === item.id ? result.fieldErrors : undefined) ?? {};
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
      {/* Every photo (up to 20, issue 34), wrapped rather than scrolled: none can hide off screen. */}
      <p className="text-sm font-medium text-slate-700">{formatCount(item.photos.length, "photo", "photos")}</p>
      <ul aria-label="Photos de l'annonce" className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-7">
        {item.photos.map((p, i) => (
          <li key={p.src}>
            <a href={p.src} target="_blank" rel="noreferrer" className="block">
              <img src={p.src} alt={`Photo ${i + 1}${i === 0 ? " (principale)" : ""}`} className="aspect-[4/3] w-full rounded-lg object-cover" loading="lazy" />
            </a>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        {(
          [
            ["Prix", item.price != null ? formatPrice(item.price) : "—"],
            ["Kilométrage", item.mileage != null ? formatMileage(item.mileage) : "—"],
            ["Énergie", fuelLabel(item.fuel)],
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
      <dl aria-label="Informations déclarées" className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        {item.claims.map(([label, value]) => (
          <div key={label}>
            <dt className="inline text-slate-500">{label} : </dt>
            <dd className={`inline ${value ? "font-medium" : "text-slate-500"}`}>{value ?? "Non spécifié"}</dd>
          </div>
        ))}
        <div>
          <dt className="inline text-slate-500">HistoVec : </dt>
          <dd className="inline">
            {item.histovecUrl ? (
              <a href={item.histovecUrl} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-brand-700 underline">
                Ouvrir le rapport
              </a>
            ) : (
              <span className="text-slate-500">Non fourni</span>
            )}
          </dd>
        </div>
      </dl>
      <p className="whitespace-pre-line rounded-lg bg-slate-50 p-3 text-sm">{item.description}</p>
      <p className="text-sm text-slate-700">
        {item.seller.companyName ? (
          <>
            Professionnel <strong>{item.seller.companyName}</strong> ({item.seller.name})
          </>
        ) : (
          <>
            Vendeur particulier <strong>{item.seller.name}</strong>
          </>
        )}
        , membre depuis le {formatDate(item.seller.memberSince)} :{" "}
        {formatCount(item.seller.published, "annonce publiée", "annonces publiées")}, {formatCount(item.seller.rejected, "refusée", "refusées")}
        {item.seller.removed > 0
          ? `, ${formatCount(item.seller.removed, "retirée par la modération", "retirées par la modération")}`
          : ""}
        .
      </p>
      <ul aria-label="Vérifications" className="flex flex-wrap gap-2 text-xs font-semibold">
        {item.seller.veryActivePrivate ? (
          <li className="rounded bg-amber-100 px-2 py-1 text-amber-900" title="Plus de 5 annonces publiées en 12 mois : la revente régulière est une activité professionnelle">
            {VERY_ACTIVE_LABEL}
          </li>
        ) : null}
        {item.checks.priceOutlier && item.checks.marketEstimate ? (
          <li className="rounded bg-red-100 px-2 py-1 text-red-900">
            {`Prix ${(item.price ?? 0) < item.checks.marketEstimate.estimateLow ? "inférieur à la moitié" : "supérieur au double"} de l'estimation du marché (${formatPrice(item.checks.marketEstimate.estimateLow)} – ${formatPrice(item.checks.marketEstimate.estimateHigh)})`}
          </li>
        ) : null}
        {item.checks.marketEstimate ? (
          <li className="inline-flex flex-wrap items-center gap-1.5 rounded bg-slate-100 px-2 py-1 font-normal text-slate-800">
            Estimation du marché : {formatPrice(item.checks.marketEstimate.estimateLow)} – {formatPrice(item.checks.marketEstimate.estimateHigh)} (
            {formatCount(item.checks.marketEstimate.comparables, "annonce comparable", "annonces comparables")})
            <PriceRatingBadge level={item.checks.marketEstimate.level} />
          </li>
        ) : item.price != null ? (
          <li className="rounded bg-slate-100 px-2 py-1 font-normal text-slate-800">
            Estimation du marché : {NOT_ENOUGH_COMPARABLES.toLowerCase()}
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
                {formatDateTime(h.at)} — {MODERATION_ACTION_LABELS[h.action] ?? h.action}
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
            Valider <KeyHint className="bg-white/20">V</KeyHint>
          </Button>
        </Form>
        {rejecting ? (
          <Form noValidate method="post" className="w-full space-y-3 rounded-lg bg-slate-50 p-3 sm:w-auto sm:flex-1">
            <input type="hidden" name="intent" value="reject" />
            <input type="hidden" name="id" value={item.id} />
            <RejectionReasonFields label="Motif du refus" placeholder="Choisir un motif…" autoFocus fieldErrors={fieldErrors} />
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
            Refuser <KeyHint className="bg-slate-100">R</KeyHint>
          </Button>
        )}
      </div>
    </article>
  );
}

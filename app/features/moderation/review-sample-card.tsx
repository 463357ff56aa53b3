import { Form, Link, useActionData, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { formatCount, formatDateTime, formatMileage, formatPrice } from "~/ui/format";
import { MODERATION_TABS, type ModerationActionResult } from "./moderation-action-data";
import type { ReviewSampleItem, ReviewSamples } from "./moderation-data";
import { RejectionReasonFields } from "./rejection-reason-fields";

/**
 * 'Contrôle après publication' (decision 0054): listings a 'de confiance' dealer's import put
 * online without a moderator and the draw chose for review. They stay online meanwhile; the
 * moderator says 'Conforme', or takes the listing offline with a reason (and, if need be,
 * withdraws the dealer's trust in the same step).
 */

const proSearchLink = (companyName: string) =>
  `/moderation?${new URLSearchParams({ onglet: MODERATION_TABS.pros, pro: companyName })}`;

function ReviewSampleCard({ item }: { item: ReviewSampleItem }) {
  const result = useActionData<ModerationActionResult>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const fieldErrors =
    (result && "fieldErrors" in result && result.id === item.listingId ? result.fieldErrors : undefined) ?? {};
  const title = `${item.brand} ${item.model} ${item.year ?? ""}`.trim();
  const trustId = `withdraw-trust-${item.listingId}`;
  return (
    <article
      aria-label={`Contrôle : ${title}`}
      className="space-y-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-sky-200"
      data-review-sample
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-semibold">
          <Link to={item.path} className="hover:underline">
            {title}
          </Link>
        </h3>
        <p className="text-sm text-slate-500">
          {item.kind === "created" ? "Nouvelle annonce" : "Annonce modifiée"} — publiée le{" "}
          {formatDateTime(item.sampledAt)}
        </p>
      </header>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span>
          Importée par{" "}
          <Link
            to={proSearchLink(item.dealer.companyName)}
            className="font-semibold text-brand-700 underline [overflow-wrap:anywhere]"
          >
            {item.dealer.companyName}
          </Link>
        </span>
        <span
          className={`rounded px-2 py-0.5 text-xs font-semibold ${item.dealer.trusted ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-900"}`}
        >
          {item.dealer.trusted ? "De confiance" : "Confiance retirée depuis"}
        </span>
      </p>
      <p className="text-sm font-medium text-slate-700">
        {formatCount(item.photos.length, "photo en ligne", "photos en ligne")}
        {item.photosChanged ? " — photos ajoutées ou remplacées par l'import" : ""}
      </p>
      <ul aria-label="Photos de l'annonce" className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-7">
        {item.photos.map((p, i) => (
          <li key={p.src}>
            <a href={p.src} target="_blank" rel="noreferrer" className="block">
              <img
                src={p.src}
                alt={`Photo ${i + 1}${i === 0 ? " (principale)" : ""}`}
                className="aspect-[4/3] w-full rounded-lg object-cover"
                loading="lazy"
              />
            </a>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <div>
          <dt className="text-slate-500">Prix</dt>
          <dd className="font-medium">{item.price != null ? formatPrice(item.price) : "—"}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Kilométrage</dt>
          <dd className="font-medium">{item.mileage != null ? formatMileage(item.mileage) : "—"}</dd>
        </div>
      </dl>
      {item.description ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-brand-700">Description</summary>
          <p className="mt-1 whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]">{item.description}</p>
        </details>
      ) : null}
      {item.diff.length > 0 ? (
        <dl aria-label="Ce que l'import a changé" className="space-y-2 text-sm">
          {item.diff.map((row) => (
            <div key={row.field} role="group" aria-label={row.label} className="border-t border-slate-100 pt-2">
              <dt className="font-medium">{row.label}</dt>
              <dd className="grid gap-1 wide:grid-cols-2">
                <span className="rounded bg-slate-50 px-2 py-1 text-slate-600 [overflow-wrap:anywhere]">
                  <span className="sr-only">Avant : </span>
                  <del>{row.before}</del>
                </span>
                <span className="rounded bg-sky-50 px-2 py-1 text-slate-900 [overflow-wrap:anywhere]">
                  <span className="sr-only">En ligne : </span>
                  {row.after}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="flex flex-wrap items-start gap-3">
        <Form noValidate method="post">
          <input type="hidden" name="intent" value="confirm-sample" />
          <input type="hidden" name="id" value={item.listingId} />
          <Button type="submit" disabled={busy}>
            Conforme
          </Button>
        </Form>
        <details
          className="w-full wide:w-auto wide:flex-1"
          open={Boolean(fieldErrors.reasonCode || fieldErrors.reasonText)}
        >
          <summary className="inline-flex cursor-pointer list-none rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300">
            Retirer…
          </summary>
          <Form noValidate method="post" className="mt-3 space-y-3 rounded-lg bg-slate-50 p-3">
            <input type="hidden" name="intent" value="remove-sample" />
            <input type="hidden" name="id" value={item.listingId} />
            <RejectionReasonFields
              label="Motif du retrait (envoyé au professionnel)"
              placeholder="Choisir un motif"
              fieldErrors={fieldErrors}
            />
            {item.dealer.trusted ? (
              <div className="flex items-start gap-2 text-sm">
                <input id={trustId} type="checkbox" name="withdrawTrust" value="on" className="mt-0.5 h-4 w-4" />
                <label htmlFor={trustId}>
                  Retirer aussi la confiance à {item.dealer.companyName} (ses imports repasseront par la validation)
                </label>
              </div>
            ) : null}
            <Button type="submit" variant="danger" disabled={busy}>
              Retirer l'annonce
            </Button>
          </Form>
        </details>
      </div>
    </article>
  );
}

export function ReviewSamplesSection({ samples }: { samples: ReviewSamples }) {
  return (
    <section aria-labelledby="review-samples-title" className="space-y-4">
      <h2 id="review-samples-title" className="text-lg font-semibold">
        Contrôle après publication ({samples.count})
      </h2>
      <p className="text-sm text-slate-600">
        Annonces importées par des professionnels « de confiance » et publiées sans validation :{" "}
        {String(samples.percent).replace(".", ",")}
        {"\u00a0"}% d'entre elles sont tirées au sort pour un contrôle. Elles restent en ligne pendant le contrôle.
      </p>
      {samples.items.map((item) => (
        <ReviewSampleCard key={item.listingId} item={item} />
      ))}
      {samples.count > samples.items.length ? (
        <p className="text-sm text-slate-600">
          {formatCount(samples.count - samples.items.length, "autre annonce attend", "autres annonces attendent")} après
          celles-ci.
        </p>
      ) : null}
    </section>
  );
}

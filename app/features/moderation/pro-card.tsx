import { Form, useActionData, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { formatDate, formatDateTime } from "~/ui/format";
import type { ModerationActionResult } from "./moderation-action-data";
import type { PendingProItem, PendingPros } from "./moderation-data";

function ProCard({ item }: { item: PendingProItem }) {
  const result = useActionData<ModerationActionResult>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const mine = result && result.id === item.userId ? result : undefined;
  const reasonError = mine && "fieldErrors" in mine ? mine.fieldErrors?.reason : undefined;
  const titleId = `pro-${item.userId}-title`;
  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-xl bg-white p-5 shadow-sm" data-pro-item>
      <div className="flex items-start gap-4">
        {item.logo ? <img src={item.logo} alt={`Logo de ${item.companyName}`} className="h-14 w-14 shrink-0 rounded-lg object-contain ring-1 ring-slate-200" /> : null}
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-semibold [overflow-wrap:anywhere]">
            {item.companyName}
          </h3>
          <p className="text-sm text-slate-600">
            Envoyé le {formatDateTime(item.submittedAt)}
            {item.wasVerified ? " — déjà vérifié auparavant : raison sociale, SIRET ou adresse modifiés" : ""}
          </p>
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm wide:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-500">SIRET</dt>
          <dd className="font-mono text-slate-900" data-testid="pro-siret">
            {item.siret}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Téléphone</dt>
          <dd>{item.phone}</dd>
        </div>
        <div className="wide:col-span-2">
          <dt className="font-medium text-slate-500">Adresse</dt>
          <dd className="[overflow-wrap:anywhere]">{item.address}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Compte</dt>
          <dd className="[overflow-wrap:anywhere]">
            {item.account.email} ({item.account.username})
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Membre depuis</dt>
          <dd>le {formatDate(item.account.memberSince)}</dd>
        </div>
      </dl>
      {item.presentation ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-brand-700">Présentation</summary>
          <p className="mt-1 whitespace-pre-line text-slate-700">{item.presentation}</p>
        </details>
      ) : null}
      {item.own ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">C'est votre propre profil : un autre modérateur doit le vérifier.</p>
      ) : (
        <div className="flex flex-wrap items-start gap-3">
          <Form noValidate method="post">
            <input type="hidden" name="intent" value="validate-pro" />
            <input type="hidden" name="id" value={item.userId} />
            <Button type="submit" disabled={busy}>
              Valider
            </Button>
          </Form>
          <details className="w-full wide:w-auto wide:flex-1" open={Boolean(reasonError)}>
            <summary className="inline-flex cursor-pointer list-none rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300">
              Refuser…
            </summary>
            <Form noValidate method="post" className="mt-3 space-y-3 rounded-lg bg-slate-50 p-3">
              <input type="hidden" name="intent" value="refuse-pro" />
              <input type="hidden" name="id" value={item.userId} />
              <label className="block text-sm font-medium">
                Motif du refus (envoyé au professionnel)
                <textarea
                  name="reason"
                  rows={3}
                  maxLength={1000}
                  required
                  aria-invalid={reasonError ? true : undefined}
                  className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-600"
                />
              </label>
              {reasonError ? <p className="text-sm text-red-700">{reasonError}</p> : null}
              <Button type="submit" variant="danger" disabled={busy}>
                Refuser le profil
              </Button>
            </Form>
          </details>
        </div>
      )}
    </article>
  );
}

/** The 'Professionnels' tab: who claims to be a professional, oldest claim first. */
export function ProsTab({ pros }: { pros: PendingPros }) {
  if (pros.items.length === 0) {
    return <p className="rounded-xl bg-white p-6 text-slate-600 shadow-sm">Aucun professionnel en attente de vérification.</p>;
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        {pros.count === 1 ? "1 professionnel attend sa vérification" : `${pros.count} professionnels attendent leur vérification`}, du plus
        ancien au plus récent.
        Vérifiez le SIRET et l'adresse sur l'annuaire des entreprises (annuaire-entreprises.data.gouv.fr) avant de valider.
      </p>
      {pros.items.map((item) => (
        <ProCard key={item.userId} item={item} />
      ))}
    </div>
  );
}

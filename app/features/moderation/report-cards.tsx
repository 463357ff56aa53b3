import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { formatCount, formatDateTime } from "~/ui/format";
import type { OpenReport, ReportParticipant } from "./moderation-data";

type ListingReport = Extract<OpenReport, { kind: "listing" }>;
type ConversationReport = Extract<OpenReport, { kind: "conversation" }>;

function Dismiss({ id, busy }: { id: string; busy: boolean }) {
  return (
    <Form noValidate method="post">
      <input type="hidden" name="intent" value="dismiss-report" />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="secondary" disabled={busy}>
        Classer sans suite
      </Button>
    </Form>
  );
}

/** A reported listing: why, by whom; dismiss it or take the listing down. */
export function ListingReportCard({ report }: { report: ListingReport }) {
  const busy = useNavigation().state !== "idle";
  return (
    <li aria-label={`Signalement : ${report.listing.brand} ${report.listing.model}`} className="space-y-3 rounded-xl bg-white p-5 shadow-sm">
      <p className="font-semibold">
        <Link to={report.listingPath} className="hover:underline">
          {report.listing.brand} {report.listing.model} {report.listing.year ?? ""}
        </Link>{" "}
        <span className="text-sm font-normal text-slate-500">— signalée le {formatDateTime(report.createdAt)}</span>
      </p>
      <p className="text-sm text-slate-700">
        Signalée par <strong>{report.reporter ?? "un visiteur non connecté"}</strong>
      </p>
      <p>
        <span className="font-medium">{report.reason}</span>
        {report.message ? ` : « ${report.message} »` : ""}
      </p>
      <div className="flex flex-wrap gap-3">
        <Dismiss id={report.id} busy={busy} />
        <Form noValidate method="post" className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          <input type="hidden" name="intent" value="remove-listing" />
          <input type="hidden" name="id" value={report.id} />
          <label className="min-w-0 flex-1 text-sm sm:w-80 sm:flex-none">
            <span className="sr-only">Message au vendeur</span>
            <input name="reasonText" placeholder="Message au vendeur (facultatif)" className="w-full rounded-lg border border-slate-300 px-3 py-2" maxLength={1000} />
          </label>
          <Button type="submit" variant="danger" disabled={busy}>
            Retirer l'annonce
          </Button>
        </Form>
      </div>
    </li>
  );
}

function Participant({ label, who, reported }: { label: string; who: ReportParticipant; reported: boolean }) {
  return (
    <span>
      {label} : <strong>{who.username}</strong>
      {reported ? <span className="ml-1 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-900">compte signalé</span> : null}
      {!reported ? <span className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">a signalé</span> : null}
      {who.suspended ? <span className="ml-1 rounded bg-slate-800 px-1.5 py-0.5 text-xs font-semibold text-white">suspendu</span> : null}
      {who.sanctions > 0 ? (
        <span className="ml-1 text-xs text-slate-500">({formatCount(who.sanctions, "sanction antérieure", "sanctions antérieures")})</span>
      ) : null}
    </span>
  );
}

/**
 * A reported conversation: who reported whom and why, the messages as the reporter saw them
 * (the reported account's in red); dismiss it, warn the reported account or suspend it.
 */
export function ConversationReportCard({ report }: { report: ConversationReport }) {
  const busy = useNavigation().state !== "idle";
  const [sanction, setSanction] = useState<"warn" | "suspend" | null>(null);
  const reported = report.reportedBy === "buyer" ? report.conversation.seller : report.conversation.buyer;
  const reporter = report.reportedBy === "buyer" ? report.conversation.buyer : report.conversation.seller;
  const reportedRole = report.reportedBy === "buyer" ? "le vendeur" : "l'acheteur";
  return (
    <li aria-label={`Signalement de conversation : ${report.conversation.title}`} className="space-y-3 rounded-xl bg-white p-5 shadow-sm">
      <p className="font-semibold">
        Conversation à propos de {report.conversation.title}{" "}
        <span className="text-sm font-normal text-slate-500">— signalée le {formatDateTime(report.createdAt)}</span>
      </p>
      <p className="text-sm text-slate-700">
        Signalée par <strong>{reporter.username}</strong> ({report.reportedBy === "buyer" ? "l'acheteur" : "le vendeur"}) contre{" "}
        <strong>{reported.username}</strong> ({reportedRole}).
      </p>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        <Participant label="Acheteur" who={report.conversation.buyer} reported={report.reportedBy === "seller"} />
        <Participant label="Vendeur" who={report.conversation.seller} reported={report.reportedBy === "buyer"} />
      </p>
      <p>
        <span className="font-medium">{report.reason}</span>
        {report.message ? ` : « ${report.message} »` : ""}
      </p>
      <section aria-label="Messages signalés" className="text-sm">
        <h3 className="font-medium">
          Messages signalés ({report.messages.length}
          {report.messages.length === 20 ? " derniers" : ""}, jusqu'au signalement)
        </h3>
        {report.messages.length === 0 ? (
          <p className="mt-1 text-slate-600">Aucun message avant le signalement.</p>
        ) : (
          <ol className="mt-2 max-h-96 space-y-2 overflow-y-auto">
            {report.messages.map((m) => (
              <li
                key={m.id}
                data-reported={m.fromReported ? "" : undefined}
                className={`rounded-lg p-2 ${m.fromReported ? "bg-red-50 ring-1 ring-red-200" : "bg-slate-50"}`}
              >
                <p className="text-xs text-slate-500">
                  {m.sender} ({m.side === "buyer" ? "acheteur" : "vendeur"}) — {formatDateTime(m.at)}
                </p>
                <p className="whitespace-pre-line break-words">{m.body}</p>
              </li>
            ))}
          </ol>
        )}
        {report.laterMessages > 0 ? (
          <p className="mt-1 text-xs text-slate-500">{formatCount(report.laterMessages, "message envoyé", "messages envoyés")} depuis le signalement.</p>
        ) : null}
      </section>
      <div className="flex flex-wrap items-start gap-3">
        <Dismiss id={report.id} busy={busy} />
        {reported.deleted ? null : sanction ? (
          <Form noValidate method="post" className="w-full space-y-2 rounded-lg bg-slate-50 p-3">
            <input type="hidden" name="intent" value={sanction === "warn" ? "warn-account" : "suspend-account"} />
            <input type="hidden" name="id" value={report.id} />
            <p className="text-sm">
              {sanction === "warn"
                ? `${reported.username} recevra un e-mail d'avertissement.`
                : `${reported.username} ne pourra plus se connecter, publier ni écrire ; ses sessions seront fermées et il recevra un e-mail.`}
            </p>
            <label className="block text-sm font-medium">
              Message au titulaire du compte (facultatif)
              <textarea name="note" rows={2} maxLength={1000} className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2" />
            </label>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="danger" disabled={busy}>
                {sanction === "warn" ? "Envoyer l'avertissement" : "Suspendre le compte"}
              </Button>
              <Button variant="ghost" onClick={() => setSanction(null)}>
                Annuler
              </Button>
            </div>
          </Form>
        ) : (
          <>
            <Button variant="secondary" onClick={() => setSanction("warn")}>
              Avertir {reported.username}
            </Button>
            {reported.suspended ? null : (
              <Button variant="danger" onClick={() => setSanction("suspend")}>
                Suspendre {reported.username}
              </Button>
            )}
          </>
        )}
      </div>
    </li>
  );
}

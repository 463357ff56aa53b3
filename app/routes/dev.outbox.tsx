import { data } from "react-router";
import { isLocalUrl, isLoopbackAddress } from "~/server/loopback";
import { listOutboxEmails } from "~/server/outbox.server";
import { formatDateTime } from "~/ui/format";
import { pageMeta } from "~/ui/seo";
import type { Route } from "./+types/dev.outbox";

/**
 * Developer page: e-mails the outbox mailer kept, password-reset links included. It exists
 * only for the operator: outbox mailer, a local PUBLIC_URL, and a client connected from this
 * machine (the TCP peer, not a forwarded header). Anyone else gets a 404.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { config, mailer, db } = context.services;
  const operatorOnly =
    config.devToolsEnabled &&
    mailer.kind === "outbox" &&
    isLocalUrl(config.PUBLIC_URL) &&
    isLoopbackAddress(context.socketAddress);
  if (!operatorOnly) throw data(null, { status: 404 });
  const emails = await listOutboxEmails({ db });
  return {
    emails: emails.map((e) => ({
      id: e.id,
      to: e.toAddress,
      subject: e.subject,
      text: e.textBody,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

export function meta() {
  return [
    ...pageMeta("Boîte d'envoi locale", "E-mails envoyés par l'application en local."),
    { name: "robots", content: "noindex" },
  ];
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="text-2xl font-bold">Boîte d'envoi locale</h1>
      <p className="mt-1 text-sm text-slate-600">
        Aucun serveur SMTP n'est configuré (variable SMTP_URL) : les e-mails sont conservés ici au lieu d'être envoyés.
      </p>
      {loaderData.emails.length === 0 ? (
        <p className="mt-6 rounded-lg bg-white p-6 text-slate-600 shadow-sm">Aucun e-mail pour le moment.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {loaderData.emails.map((email) => (
            <li key={email.id} className="rounded-lg bg-white p-4 shadow-sm">
              <p className="text-sm text-slate-500">
                {formatDateTime(email.createdAt)} — à {email.to}
              </p>
              <h2 className="mt-1 font-semibold">{email.subject}</h2>
              <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm text-slate-700">{email.text}</pre>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

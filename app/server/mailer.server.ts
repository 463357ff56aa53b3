import { createHash } from "node:crypto";
import nodemailer from "nodemailer";
import type { DbExecutor } from "~/db/client.server";
import { outboxEmails } from "~/db/schema";
import type { JobQueue } from "./jobs.server";
import type { Logger } from "./logger.server";

/**
 * What the logs say of a recipient: a short hash of the address, never the address (personal
 * data in logs, issue 37). The same address always gives the same hash, so an operator who
 * knows an address can still find its e-mails in the logs.
 */
export function toHash(address: string): string {
  return createHash("sha256").update(address.trim().toLowerCase()).digest("hex").slice(0, 12);
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. RFC 8058 `List-Unsubscribe` and `List-Unsubscribe-Post`. */
  headers?: Record<string, string>;
}

export interface SendOptions {
  /**
   * The transaction of the state change this e-mail reports: the e-mail is recorded by it,
   * so it exists exactly when that change was committed (outbox pattern).
   */
  db?: DbExecutor;
}

export interface Mailer {
  /** The transport that finally delivers (a queued mailer reports its transport's kind). */
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage, options?: SendOptions): Promise<void>;
  close(): Promise<void>;
  /** SMTP only: connects to the server (and logs in, when the URL has credentials), then quits; throws why not. */
  verify?(): Promise<void>;
}

/**
 * What the application uses in production: `send` only records a job in the database (in the
 * caller's transaction when given); a worker hands it to `transport`, retrying with backoff
 * while the SMTP server is unreachable. See docs/decisions/0010-job-queue-and-operations.md.
 */
export function createQueuedMailer(options: { queue: JobQueue; transport: Mailer }): Mailer {
  return {
    kind: options.transport.kind,
    async send(message, sendOptions) {
      await options.queue.enqueue("email", message, sendOptions);
    },
    close: () => options.transport.close(),
    ...(options.transport.verify ? { verify: () => options.transport.verify!() } : {}),
  };
}

/** The job handler that really sends a queued e-mail. */
export function deliverWith(transport: Mailer) {
  return (message: MailMessage) => transport.send(message);
}

/** SMTP through nodemailer, e.g. `smtp://user:pass@smtp.example.com:587`. */
export function createSmtpMailer(options: { url: string; from: string; logger: Logger }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  // Health checks only (/readyz): short timeouts of their own, the sending ones stay nodemailer's.
  const probe = nodemailer.createTransport({ url: options.url, connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 5_000 });
  return {
    kind: "smtp",
    async verify() {
      await probe.verify();
    },
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
      options.logger.info({ toHash: toHash(message.to), subject: message.subject }, "e-mail envoyé");
    },
    async close() {
      transport.close();
      probe.close();
    },
  };
}

/**
 * No SMTP configured: e-mails are kept in the database, readable at /dev/outbox from the
 * server's own machine, and handed to `print` (the terminal, on the embedded default).
 */
export function createOutboxMailer(options: { db: DbExecutor; logger: Logger; print?: (text: string) => void }): Mailer {
  return {
    kind: "outbox",
    async send(message, sendOptions) {
      await (sendOptions?.db ?? options.db).insert(outboxEmails).values({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
      });
      options.logger.info({ toHash: toHash(message.to), subject: message.subject }, "e-mail déposé dans la boîte d'envoi locale");
      options.print?.(formatForTerminal(message));
    },
    async close() {},
  };
}

function formatForTerminal(message: MailMessage): string {
  const rule = "─".repeat(60);
  return [rule, `E-mail pour ${message.to}`, `Objet : ${message.subject}`, "", message.text.trim(), rule].join("\n");
}

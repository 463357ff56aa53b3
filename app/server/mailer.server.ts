import nodemailer from "nodemailer";
import type { DbExecutor } from "~/db/client.server";
import { outboxEmails } from "~/db/schema";
import type { Logger } from "./logger.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** SMTP through nodemailer, e.g. `smtp://user:pass@smtp.example.com:587`. */
export function createSmtpMailer(options: { url: string; from: string; logger: Logger }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
      options.logger.info({ to: message.to, subject: message.subject }, "e-mail envoyé");
    },
    async close() {
      transport.close();
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
    async send(message) {
      await options.db.insert(outboxEmails).values({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
      });
      options.logger.info({ to: message.to, subject: message.subject }, "e-mail déposé dans la boîte d'envoi locale");
      options.print?.(formatForTerminal(message));
    },
    async close() {},
  };
}

function formatForTerminal(message: MailMessage): string {
  const rule = "─".repeat(60);
  return [rule, `E-mail pour ${message.to}`, `Objet : ${message.subject}`, "", message.text.trim(), rule].join("\n");
}

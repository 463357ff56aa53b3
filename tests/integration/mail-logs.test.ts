// The logs never hold a recipient's e-mail address (issue 37 §6, personal data): the SMTP
// mailer (what the worker delivers with) and the local outbox log a short hash instead.
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetEmail } from "~/features/auth/auth-emails";
import type { Logger } from "~/server/logger.server";
import { createOutboxMailer, createSmtpMailer, toHash } from "~/server/mailer.server";
import { startSmtpPeer } from "../support/peers";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

const engine = process.env.TEST_DB_ENGINE ?? "pglite";
let t: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;

beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
});

/** A logger at info level writing into a string (the process's stdout in production). */
function capturingLogger(): { logger: Logger; output: () => string } {
  let text = "";
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      text += chunk.toString();
      callback();
    },
  });
  return { logger: pino({ level: "info" }, stream) as unknown as Logger, output: () => text };
}

const ADDRESS = "Camille.Durand@exemple.fr";
const message = { to: ADDRESS, ...passwordResetEmail({ name: "Camille", url: "http://localhost:3000/reset/abc" }) };

describe(`no e-mail address in the logs (${engine})`, () => {
  it("the SMTP mailer logs a hash of the recipient, not the address", async () => {
    const { logger, output } = capturingLogger();
    const mailer = createSmtpMailer({ url: smtp.url, from: "Occazio <no-reply@occazio.test>", logger });
    await mailer.send(message);
    await mailer.close();
    expect(smtp.received.at(-1)?.to).toEqual([ADDRESS]);
    expect(output()).toContain("e-mail envoyé");
    expect(output()).toContain(toHash(ADDRESS));
    expect(output().toLowerCase()).not.toContain("camille.durand");
    expect(output()).not.toContain("exemple.fr");
  });

  it("the local outbox logs a hash of the recipient, not the address", async () => {
    const { logger, output } = capturingLogger();
    await createOutboxMailer({ db: t.db, logger }).send(message);
    expect(output()).toContain("boîte d'envoi locale");
    expect(output()).toContain(toHash(ADDRESS));
    expect(output().toLowerCase()).not.toContain("camille.durand");
  });
});

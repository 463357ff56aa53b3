import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetEmail } from "~/features/auth/auth-emails";
import { createLogger } from "~/server/logger.server";
import { createSmtpMailer } from "~/server/mailer.server";
import { renderEmail } from "~/server/email-layout";
import { startSmtpPeer } from "../support/peers";

// The mailer against a real SMTP server started here (smtp-server), not a mock.
describe.runIf(process.env.TEST_DB_ENGINE === "pglite")("SMTP mailer", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it("delivers French plain-text and HTML parts", async () => {
    const mailer = createSmtpMailer({ url: smtp.url, from: "Occazio <no-reply@occazio.test>", logger: createLogger({ level: "silent", pretty: false }) });
    await mailer.send({ to: "camille@exemple.fr", ...passwordResetEmail({ name: "Camille", url: "http://localhost:3000/api/auth/reset-password/abc?callbackURL=%2F" }) });
    await mailer.close();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(["camille@exemple.fr"]);
    expect(mail?.from).toBe("no-reply@occazio.test");
    expect(mail?.subject).toBe("Réinitialisation de votre mot de passe Occazio");
    expect(mail?.text).toContain("Bonjour Camille,");
    expect(mail?.text).toContain("Choisir un nouveau mot de passe : http://localhost:3000/api/auth/reset-password/abc");
    expect(mail?.html).toContain('href="http://localhost:3000/api/auth/reset-password/abc?callbackURL=%2F"');
  });

  it("escapes every dynamic value in the HTML part", () => {
    const email = renderEmail({
      subject: "x",
      greeting: "Bonjour <script>alert(1)</script>,",
      paragraphs: ['"><img src=x onerror=alert(1)>'],
      action: { label: "Voir", url: 'javascript:alert("x")"' },
    });
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain("<img");
    expect(email.html).toContain("&lt;script&gt;");
  });
});

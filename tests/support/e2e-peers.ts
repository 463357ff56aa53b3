// Started by Playwright (first webServer entry) before the app: SMTP and OpenID Connect peers,
// plus a small HTTP API so specs can read the e-mails the app sent.
import http from "node:http";
import { E2E } from "./e2e-env";
import { startOidcPeer, startSmtpPeer } from "./peers";

const smtp = await startSmtpPeer(E2E.smtpPort);
const oidc = await startOidcPeer({ port: E2E.oidcPort, appUrl: E2E.appUrl });

const api = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  if (url.pathname === "/health") return void res.end("ok");
  if (url.pathname === "/emails") {
    const to = url.searchParams.get("to");
    const emails = smtp.received.filter((e) => !to || e.to.includes(to));
    res.setHeader("content-type", "application/json");
    return void res.end(JSON.stringify(emails));
  }
  res.statusCode = 404;
  res.end();
});
api.listen(E2E.mailboxPort, "127.0.0.1");
console.log(`pairs de test prêts : SMTP ${smtp.url}, OIDC ${oidc.issuer}`);

const stop = () => {
  api.close();
  void Promise.all([smtp.close(), oidc.close()]).then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

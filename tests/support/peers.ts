/**
 * Real local peers for the product's external services, started by the tests themselves:
 * an SMTP server (smtp-server) that keeps what it receives, and an OpenID Connect provider
 * (oidc-provider) with its development login/consent pages.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import Provider from "oidc-provider";
import { SMTPServer } from "smtp-server";
import { OIDC_CLIENT } from "./e2e-env";

export interface ReceivedEmail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Header name (lower case) → raw value, e.g. "list-unsubscribe". */
  headers: Record<string, string>;
  receivedAt: string;
}

export async function startSmtpPeer(port = 0) {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
            headers: Object.fromEntries(mail.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(":") + 1).trim()])),
            receivedAt: new Date().toISOString(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Claims the test identity provider returns for a login name typed on its login page. */
export function oidcClaimsFor(login: string) {
  return {
    sub: login,
    email: `${login}@idp.example`,
    email_verified: true,
    name: "Élodie Fournier",
    given_name: "Élodie",
    family_name: "Fournier",
    phone_number: "+33 7 11 22 33 44",
    picture: undefined,
  };
}


export async function startOidcPeer(options: { port: number; appUrl: string }) {
  const issuer = `http://127.0.0.1:${options.port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.clientId,
        client_secret: OIDC_CLIENT.clientSecret,
        redirect_uris: [`${options.appUrl}/api/auth/callback/oidc`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name", "picture"],
      phone: ["phone_number"],
    },
    // The ID token carries the claims too, so a client that does not call userinfo gets them.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["occazio-test-cookie-key"] },
    pkce: { required: () => false },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return oidcClaimsFor(id);
        },
      };
    },
  });
  // The dev login page's "login" field becomes the account id, hence the subject.
  const server = http.createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(options.port, "127.0.0.1", resolve));
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Ports and URLs shared by playwright.config.ts, the peers process and the specs. */
const appPort = Number(process.env.E2E_PORT ?? 3100);
export const E2E = {
  appPort,
  appUrl: `http://localhost:${appPort}`,
  // Overridable for machines where each session owns a narrow port range.
  smtpPort: Number(process.env.E2E_PEER_PORT ?? appPort + 25),
  mailboxPort: Number(process.env.E2E_PEER_PORT ?? appPort + 25) + 1,
  oidcPort: Number(process.env.E2E_PEER_PORT ?? appPort + 25) + 2,
};

/** The app's client registration at the test OpenID Connect provider. */
export const OIDC_CLIENT = { clientId: "occazio-tests", clientSecret: "occazio-tests-secret-0123456789abcdef" };

/** Ports and URLs shared by playwright.config.ts, the peers process and the specs. */
const appPort = Number(process.env.E2E_PORT ?? 3100);
export const E2E = {
  appPort,
  appUrl: `http://localhost:${appPort}`,
  smtpPort: appPort + 25,
  mailboxPort: appPort + 26,
  oidcPort: appPort + 27,
};

/** The app's client registration at the test OpenID Connect provider. */
export const OIDC_CLIENT = { clientId: "occazio-tests", clientSecret: "occazio-tests-secret-0123456789abcdef" };

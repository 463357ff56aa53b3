import { createHash } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { account, appMeta, user } from "~/db/schema";
import { readOrCreateFileSecret } from "~/server/secret.server";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./demo-seed.server";
import { DEMO_DEALER_EMAIL } from "./demo-pros.server";

const DEMO_PASSWORD_META_KEY = "demo_password_fingerprint";

/**
 * The demo accounts' password. The published one (`occazio-demo`, in the README) only while
 * nobody but this machine can reach the server (loopback HOST and local PUBLIC_URL);
 * otherwise a random password made once per install, kept in `DATA_DIR/demo-password` and
 * printed at start-up to the operator alone.
 */
export function demoPasswordFor(options: { isLocalOnly: boolean; dataDir: string }): { password: string; published: boolean } {
  if (options.isLocalOnly) return { password: DEMO_PASSWORD, published: true };
  return { password: readOrCreateFileSecret(options.dataDir, "demo-password", 12), published: false };
}

function fingerprint(password: string): string {
  return createHash("sha256").update(`occazio-demo-password:${password}`).digest("hex");
}

/**
 * Gives the existing demo accounts `password` when they have another one (the server went
 * from loopback to a public address, or back). Cheap when nothing changed: only a
 * fingerprint in app_meta is compared. Returns whether passwords were changed.
 */
export async function applyDemoPassword(db: Database, password: string): Promise<boolean> {
  const wanted = fingerprint(password);
  const [current] = await db.select().from(appMeta).where(eq(appMeta.key, DEMO_PASSWORD_META_KEY));
  if (current?.value === wanted) return false;
  const demoUsers = await db
    .select({ id: user.id })
    .from(user)
    .where(inArray(user.email, [...DEMO_ACCOUNTS.map((a) => a.email), DEMO_DEALER_EMAIL]));
  const hash = await hashPassword(password);
  for (const { id } of demoUsers) {
    await db
      .update(account)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(account.userId, id), eq(account.providerId, "credential")));
  }
  await db
    .insert(appMeta)
    .values({ key: DEMO_PASSWORD_META_KEY, value: wanted })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: wanted, updatedAt: new Date() } });
  return demoUsers.length > 0;
}

export function demoCredentialsBanner(options: { password: string; published: boolean }): string {
  return [
    options.published
      ? `Comptes de démonstration (mot de passe : ${options.password}) :`
      : `Comptes de démonstration (mot de passe propre à cette installation : ${options.password}) :`,
    ...DEMO_ACCOUNTS.map((a) => `  - ${a.email}${a.role === "moderator" ? " (modérateur)" : ""}`),
    `  - ${DEMO_DEALER_EMAIL} (professionnel vérifié : Mon stock)`,
    ...(options.published
      ? []
      : [
          "  Le serveur est joignable depuis d'autres machines : le mot de passe publié (occazio-demo) ne fonctionne pas.",
          "  Nommez vos modérateurs avec « npm run user:role -- <e-mail> moderator ».",
        ]),
  ].join("\n");
}

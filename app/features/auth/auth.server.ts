import { betterAuth, type BetterAuthOptions } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Database } from "~/db/client.server";
import * as schema from "~/db/schema";
import { generateUsername } from "./username";

export interface CreateAuthOptions {
  db: Database;
  baseURL: string;
  secret: string;
  /** Secure cookies when the site is served over HTTPS. */
  secureCookies?: boolean;
}

/**
 * Better Auth options shared by the running server and the schema generator
 * (`npm run auth:schema`). Profile fields of spec §3 live on Better Auth's user table as
 * additional fields, so a user is one row.
 */
export function authOptions({ db, baseURL, secret, secureCookies }: CreateAuthOptions) {
  return {
    appName: "Occazio",
    baseURL,
    secret,
    basePath: "/api/auth",
    database: drizzleAdapter(db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
    },
    user: {
      additionalFields: {
        username: { type: "string", required: false, unique: true, input: false },
        firstname: { type: "string", required: false, input: false },
        lastname: { type: "string", required: false, input: false },
        phoneNumber: { type: "string", required: false, input: false },
        role: { type: "string", required: false, defaultValue: "user", input: false },
        notifyListingValidated: {
          type: "boolean",
          required: false,
          defaultValue: true,
          input: false,
        },
        notifyNewMessage: { type: "boolean", required: false, defaultValue: true, input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 5 },
        "/request-password-reset": { window: 300, max: 5 },
      },
    },
    advanced: {
      useSecureCookies: secureCookies ?? baseURL.startsWith("https://"),
      cookiePrefix: "occazio",
    },
    databaseHooks: {
      user: {
        create: {
          // Spec §3: a random 10-character pseudo over [A-Za-z0-9] at sign-up.
          before: async (user) => ({
            data: { ...user, username: (user as { username?: string }).username ?? generateUsername() },
          }),
        },
      },
    },
  } satisfies BetterAuthOptions;
}

export function createAuth(options: CreateAuthOptions) {
  return betterAuth(authOptions(options));
}

export type Auth = ReturnType<typeof createAuth>;

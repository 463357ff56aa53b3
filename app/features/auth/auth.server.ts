import { betterAuth, type BetterAuthOptions } from "better-auth";
import { eq } from "drizzle-orm";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins";
import type { Database } from "~/db/client.server";
import * as schema from "~/db/schema";
import type { IdentityProviderConfig } from "~/server/config.server";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mailer.server";
import { OIDC_PROVIDER_ID } from "./auth-client";
import { passwordResetEmail, verifyEmailEmail } from "./auth-emails";
import { ACCOUNT_SUSPENDED_TEXT } from "./email-verification";
import { passwordProblem } from "./password-policy";
import { generateUsername } from "./username";
import { isSignInRequest, signInLimited } from "./sign-in-limit.server";
import { createUserRateLimits, type UserRateLimits } from "~/server/rate-limit.server";
import { checkDisplayName, greetingName } from "~/features/account/display-name";
import { authProfileFieldsSchema, phoneSchema, privateProfileSchema } from "~/features/account/profile-schemas";

/** Header the HTTP server sets from the socket address (see server/app.ts): never from the client. */
export const CLIENT_IP_HEADER = "x-occazio-client-ip";


export interface CreateAuthOptions {
  db: Database;
  baseURL: string;
  secret: string;
  mailer?: Mailer;
  logger?: Logger;
  identityProvider?: IdentityProviderConfig | null;
  /** Multiplies rate-limit maxima (tests); 1 in production. */
  rateLimitScale?: number;
  /**
   * Where failed sign-ins are counted (USER_RATE_LIMITS.signInFailure): the server's shared
   * limits, so every process agrees; this process's memory when absent.
   */
  signInLimits?: UserRateLimits;
  /** Origins besides baseURL's allowed to call the auth endpoints (localhost ↔ 127.0.0.1 for a local site). */
  trustedOrigins?: string[];
}

/** Standard OpenID Connect claims mapped to the spec's profile fields (first login). */
function profileFromClaims(claims: Record<string, unknown>) {
  const text = (key: string) => (typeof claims[key] === "string" && claims[key] ? (claims[key] as string) : null);
  const firstname = text("given_name");
  const lastname = text("family_name");
  return {
    name: text("name") ?? ([firstname, lastname].filter(Boolean).join(" ") || "Utilisateur"),
    firstname,
    lastname,
    phoneNumber: text("phone_number"),
    image: text("picture") ?? undefined,
  };
}

/**
 * Better Auth options shared by the running server and the schema generator
 * (`npm run auth:schema`). Profile fields of spec §3 live on Better Auth's user table as
 * additional fields, so a user is one row.
 */
export function authOptions(options: CreateAuthOptions) {
  const { db, baseURL, secret, mailer, logger, identityProvider } = options;
  const scale = options.rateLimitScale ?? 1;
  const limit = (window: number, max: number) => ({ window, max: Math.max(1, Math.round(max * scale)) });
  return {
    appName: "Occazio",
    baseURL,
    secret,
    basePath: "/api/auth",
    trustedOrigins: options.trustedOrigins ?? [],
    database: drizzleAdapter(db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // Same answer whether or not the address has an account (no enumeration).
      sendResetPassword: async ({ user, url }) => {
        if (!mailer) return;
        const name = greetingName(user as { firstname?: string | null; displayName?: string | null });
        await mailer.send({ to: user.email, ...passwordResetEmail({ name, url }) });
      },
    },
    emailVerification: {
      // Sign-up sends the link; until it is clicked the account can browse and keep
      // favourites but not publish or message (assertMayPost in those services).
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        if (!mailer) return;
        const name = greetingName(user as { firstname?: string | null; displayName?: string | null });
        await mailer.send({ to: user.email, ...verifyEmailEmail({ name, url }) });
      },
    },
    socialProviders:
      identityProvider?.kind === "google"
        ? {
            google: {
              clientId: identityProvider.clientId,
              clientSecret: identityProvider.clientSecret,
              mapProfileToUser: (profile) => profileFromClaims(profile as unknown as Record<string, unknown>),
            },
          }
        : undefined,
    plugins:
      identityProvider?.kind === "oidc"
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  name: identityProvider.label,
                  discoveryUrl: `${identityProvider.issuer}/.well-known/openid-configuration`,
                  requireIdTokenVerification: true,
                  clientId: identityProvider.clientId,
                  clientSecret: identityProvider.clientSecret,
                  scopes: ["openid", "email", "profile", "phone"],
                  pkce: true,
                  mapProfileToUser: (profile) => profileFromClaims(profile as Record<string, unknown>),
                },
              ],
            }),
          ]
        : [],
    account: {
      // Identity-provider accounts are keyed on (provider, subject), never merged into an
      // existing account because the e-mail matches.
      accountLinking: { enabled: false },
    },
    user: {
      additionalFields: {
        username: { type: "string", required: false, unique: true, input: false },
        // 'Prénom ou pseudo' (issue 33): the name others see. Required by the sign-up hook
        // below; checked by checkDisplayName whoever sends it.
        displayName: { type: "string", required: false, input: true },
        // Accepted at creation so an identity provider's claims reach the profile; checked
        // and normalised by the user.create hook below, whoever sends them.
        firstname: { type: "string", required: false, input: true },
        lastname: { type: "string", required: false, input: true },
        phoneNumber: { type: "string", required: false, input: true },
        role: { type: "string", required: false, defaultValue: "user", input: false },
        notifyListingValidated: {
          type: "boolean",
          required: false,
          defaultValue: true,
          input: false,
        },
        notifyNewMessage: { type: "boolean", required: false, defaultValue: true, input: false },
        notifySearchAlerts: { type: "boolean", required: false, defaultValue: true, input: false },
        // Set by a moderator (suspendAccount): the account can no longer sign in or post.
        suspendedAt: { type: "date", required: false, input: false },
        // 'Prix en baisse sur vos favoris' (issue 13).
        notifyPriceDrops: { type: "boolean", required: false, defaultValue: true, input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      ...limit(60, 100),
      customRules: {
        // Only failed sign-ins count, per address: createAuth's handler (sign-in-limit.server.ts).
        "/sign-in/email": false,
        "/sign-up/email": limit(60, 5),
        "/request-password-reset": limit(300, 5),
        "/reset-password": limit(300, 10),
        "/change-password": limit(300, 10),
        "/send-verification-email": limit(300, 3),
      },
    },
    advanced: {
      useSecureCookies: baseURL.startsWith("https://"),
      cookiePrefix: "occazio",
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: {
      // The password policy (password-policy.ts) applies on the server too.
      before: createAuthMiddleware(async (ctx) => {
        // Profile fields sent to Better Auth's own endpoints obey the rules of the profile form.
        if (ctx.path === "/update-user" || ctx.path === "/sign-up/email") {
          const problem = authProfileProblem(ctx.body);
          if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "INVALID_PROFILE" });
          const sent = (ctx.body as { displayName?: unknown } | undefined)?.displayName;
          if (ctx.path === "/sign-up/email" || sent !== undefined) {
            const check = checkDisplayName(typeof sent === "string" ? sent : "");
            if (!check.ok) {
              throw new APIError("BAD_REQUEST", { message: check.message, code: "INVALID_DISPLAY_NAME" });
            }
          }
        }
        const body = (ctx.body ?? {}) as { password?: unknown; newPassword?: unknown };
        const candidate =
          ctx.path === "/sign-up/email"
            ? body.password
            : ctx.path === "/reset-password" || ctx.path === "/change-password"
              ? body.newPassword
              : undefined;
        if (typeof candidate === "string") {
          const problem = passwordProblem(candidate);
          if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "WEAK_PASSWORD" });
        }
      }),
    },
    databaseHooks: {
      session: {
        create: {
          // A suspended account cannot sign in, by password or identity provider.
          before: async (session) => {
            const [row] = await db
              .select({ suspendedAt: schema.user.suspendedAt })
              .from(schema.user)
              .where(eq(schema.user.id, session.userId));
            if (row?.suspendedAt) {
              throw new APIError("FORBIDDEN", { message: ACCOUNT_SUSPENDED_TEXT, code: "ACCOUNT_SUSPENDED" });
            }
          },
        },
      },
      user: {
        create: {
          before: async (user, ctx) => {
            const fields = user as {
              firstname?: unknown;
              lastname?: unknown;
              phoneNumber?: unknown;
              displayName?: unknown;
            };
            const profile = privateProfileSchema.safeParse({
              firstname: typeof fields.firstname === "string" ? fields.firstname : "",
              lastname: typeof fields.lastname === "string" ? fields.lastname : "",
              phoneNumber: typeof fields.phoneNumber === "string" ? fields.phoneNumber : "",
            });
            // A provider's odd name or foreign number is dropped rather than refusing the account.
            const clean = profile.success ? profile.data : { firstname: "", lastname: "", phoneNumber: null };
            // Sign-up sends a checked display name; an identity provider's first name is
            // taken when it passes the same rules, else the account is asked for one later.
            const offered = typeof fields.displayName === "string" ? fields.displayName : clean.firstname;
            const shown = checkDisplayName(offered ?? "");
            const displayName = shown.ok ? shown.name : null;
            return {
              data: {
                ...user,
                displayName,
                // Better Auth's own 'name' never carries the e-mail's local part.
                name: displayName ?? "Membre",
                firstname: clean.firstname || null,
                lastname: clean.lastname || null,
                phoneNumber: clean.phoneNumber,
                // Spec §3: a random 10-character pseudo over [A-Za-z0-9] at sign-up.
                username: generateUsername(),
                role: "user",
                // An identity provider has checked the address already (OIDC/Google sign-in).
                ...(ctx?.path?.includes("/callback") ? { emailVerified: true } : {}),
              },
            };
          },
        },
        update: {
          // Stored like the profile form stores it: a phone number as its 9 national digits.
          // A display name is stored cleaned (checked by the request hook above).
          before: async (data) => {
            const fields = data as { phoneNumber?: unknown; displayName?: unknown };
            const next: Record<string, unknown> = { ...data };
            if (typeof fields.phoneNumber === "string") {
              const phone = phoneSchema.safeParse(fields.phoneNumber);
              next.phoneNumber = phone.success ? phone.data : null;
            }
            if (typeof fields.displayName === "string") {
              const shown = checkDisplayName(fields.displayName);
              if (shown.ok) Object.assign(next, { displayName: shown.name, name: shown.name });
              else delete next.displayName;
            }
            return { data: next as typeof data };
          },
        },
      },
    },
    logger: {
      log: (level, message, ...args) => {
        if (!logger) return;
        const payload = { args: args.length ? args : undefined };
        if (level === "error") logger.error(payload, `better-auth: ${message}`);
        else if (level === "warn") logger.warn(payload, `better-auth: ${message}`);
        else logger.debug(payload, `better-auth: ${message}`);
      },
    },
  } satisfies BetterAuthOptions;
}

/** The first French problem with the profile fields of a Better Auth request body, if any. */
function authProfileProblem(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const fields = body as Record<string, unknown>;
  const sent = Object.fromEntries(
    (["name", "image", "firstname", "lastname", "phoneNumber"] as const)
      .filter((key) => fields[key] !== undefined)
      .map((key) => [key, fields[key]]),
  );
  const parsed = authProfileFieldsSchema.safeParse(sent);
  if (parsed.success) return null;
  return parsed.error.issues[0]?.message ?? "Informations de profil invalides.";
}

/** Better Auth answers its rate limits in English, outside its hooks: the same answer in French. */
export const AUTH_RATE_LIMIT_MESSAGE = "Trop de tentatives. Réessayez dans quelques minutes.";

export function createAuth(options: CreateAuthOptions) {
  const auth = betterAuth(authOptions(options));
  const handler = auth.handler;
  const signInLimits = options.signInLimits ?? createUserRateLimits(options.rateLimitScale ?? 1);
  const tooMany = (headers: Headers) =>
    new Response(JSON.stringify({ message: AUTH_RATE_LIMIT_MESSAGE, code: "TOO_MANY_REQUESTS" }), { status: 429, headers });
  const frenchLimits = async (request: Request) => {
    const response = await handler(request);
    if (response.status !== 429) return response;
    const headers = new Headers(response.headers);
    const retryAfter = headers.get("x-retry-after");
    if (retryAfter) headers.set("Retry-After", retryAfter);
    return tooMany(headers);
  };
  auth.handler = async (request: Request) => {
    if (!isSignInRequest(request)) return frenchLimits(request);
    const address = request.headers.get(CLIENT_IP_HEADER) || "adresse-inconnue";
    return signInLimited(signInLimits, address, () => frenchLimits(request), (seconds) =>
      tooMany(new Headers({ "content-type": "application/json", "retry-after": String(seconds) })),
    );
  };
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

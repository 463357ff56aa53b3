import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { DbExecutor } from "~/db/client.server";
import { account, listingCounters, listings, user, type Listing } from "~/db/schema";
import { proProfiles } from "~/db/pro-schema";
import { generateUsername } from "~/features/auth/username";
import { buildListing, buildUser, type BuiltListing, type BuiltUser } from "./builders";

export interface InsertedUser extends BuiltUser {
  id: string;
  username: string;
  role: "user" | "moderator";
}

/**
 * Creates a user who can sign in with e-mail + password through Better Auth: the same
 * rows its sign-up writes (user + credential account with a scrypt hash).
 */
export async function insertUser(
  db: DbExecutor,
  overrides: Partial<BuiltUser> & {
    role?: "user" | "moderator";
    username?: string;
    createdAt?: Date;
    /** false: no credential account (a seller of the demo data who never signs in). */
    canSignIn?: boolean;
  } = {},
): Promise<InsertedUser> {
  const built = buildUser(overrides);
  const id = randomUUID();
  const username = overrides.username ?? generateUsername();
  const role = overrides.role ?? "user";
  const createdAt = overrides.createdAt ?? new Date();
  await db.insert(user).values({
    id,
    name: built.name,
    email: built.email,
    emailVerified: true,
    username,
    displayName: built.displayName,
    firstname: built.firstname,
    lastname: built.lastname,
    phoneNumber: built.phoneNumber,
    role,
    createdAt,
    updatedAt: createdAt,
  });
  if (overrides.canSignIn === false) return { ...built, id, username, role };
  await db.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await hashPassword(built.password),
    createdAt,
    updatedAt: createdAt,
  });
  return { ...built, id, username, role };
}

/** A listing row; `viewCount`/`clickCount` go to its counter row (listing_counters). */
export async function insertListing(
  db: DbExecutor,
  ownerId: string,
  overrides: Parameters<typeof buildListing>[0] & { viewCount?: number; clickCount?: number } = {},
): Promise<Listing> {
  const { viewCount, clickCount, ...listingOverrides } = overrides;
  const built: BuiltListing = buildListing(listingOverrides);
  const [row] = await db
    .insert(listings)
    .values({ ...built, ownerId })
    .returning();
  if (!row) throw new Error("insertListing: aucune ligne insérée");
  if (viewCount || clickCount) {
    await db.insert(listingCounters).values({ listingId: row.id, viewCount: viewCount ?? 0, clickCount: clickCount ?? 0 });
  }
  return row;
}

/**
 * A SIRET of 14 digits of its own: one verified professional per SIRET, and the database checks
 * the digits only (the Luhn key is the form's check, decision 0031).
 */
export function uniqueTestSiret(): string {
  return String(10_000_000_000_000 + Math.floor(Math.random() * 89_999_999_999_999));
}

/** A professional's profile for an existing account: a verified Lyon garage unless told otherwise. */
export async function insertProProfile(
  db: DbExecutor,
  userId: string,
  overrides: Partial<typeof proProfiles.$inferInsert> = {},
): Promise<typeof proProfiles.$inferSelect> {
  const [row] = await db
    .insert(proProfiles)
    .values({
      userId,
      slug: `garage-${userId.slice(0, 8)}`,
      companyName: "Garage de la Gare",
      siret: uniqueTestSiret(),
      addressLine: "12 avenue Jean Jaurès",
      postalCode: "69007",
      city: "Lyon",
      latitude: 45.745,
      longitude: 4.842,
      phone: "0478123456",
      openingHours: [[], [], [], [], [], [], []],
      status: "verified",
      ...overrides,
    })
    .returning();
  return row!;
}

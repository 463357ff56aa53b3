import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { DbExecutor } from "~/db/client.server";
import { account, listingCounters, listings, user, type Listing } from "~/db/schema";
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

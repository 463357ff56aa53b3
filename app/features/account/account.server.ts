import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import { verifyPassword } from "better-auth/crypto";
import type { Database, DbExecutor } from "~/db/client.server";
import { account, favorites, listings, user } from "~/db/schema";
import { deleteListingObjects } from "~/features/listings/photo-processing.server";
import { AppError } from "~/server/app-error";
import type { Storage } from "~/server/storage.server";
import type { z } from "zod";
import { proLogoPrefix } from "~/features/pro/pro-logo.server";
import { checkDisplayName } from "./display-name";
import { DELETE_CONFIRMATION, type notificationPreferencesSchema, type privateProfileSchema } from "./profile-schemas";

export interface AccountProfile {
  email: string;
  username: string | null;
  displayName: string | null;
  firstname: string | null;
  lastname: string | null;
  phoneNumber: string | null;
  image: string | null;
  createdAt: Date;
  notifyListingValidated: boolean;
  notifyNewMessage: boolean;
  notifyPriceDrops: boolean;
  notifySearchAlerts: boolean;
  hasPassword: boolean;
}

/** The acting user's own profile; nobody else's (the id comes from the session). */
export async function getAccountProfile(options: { db: DbExecutor; userId: string }): Promise<AccountProfile> {
  const [row] = await options.db
    .select({
      email: user.email,
      username: user.username,
      displayName: user.displayName,
      firstname: user.firstname,
      lastname: user.lastname,
      phoneNumber: user.phoneNumber,
      image: user.image,
      createdAt: user.createdAt,
      notifyListingValidated: user.notifyListingValidated,
      notifyNewMessage: user.notifyNewMessage,
      notifyPriceDrops: user.notifyPriceDrops,
      notifySearchAlerts: user.notifySearchAlerts,
    })
    .from(user)
    .where(eq(user.id, options.userId));
  if (!row) throw new AppError("not_found", "Compte introuvable.");
  const [credential] = await options.db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, options.userId), eq(account.providerId, "credential"), isNotNull(account.password)))
    .limit(1);
  return {
    ...row,
    notifyListingValidated: row.notifyListingValidated ?? true,
    notifyNewMessage: row.notifyNewMessage ?? true,
    notifyPriceDrops: row.notifyPriceDrops ?? true,
    notifySearchAlerts: row.notifySearchAlerts ?? true,
    hasPassword: Boolean(credential),
  };
}

/**
 * Sets the acting user's 'Prénom ou pseudo' (issue 33), checked and cleaned; Better Auth's
 * `name` follows so nothing else keeps an older name.
 */
export async function updateDisplayName(options: { db: DbExecutor; userId: string; displayName: string }): Promise<string> {
  const checked = checkDisplayName(options.displayName);
  if (!checked.ok) {
    throw new AppError("invalid", checked.message, { fieldErrors: { displayName: checked.message } });
  }
  await options.db
    .update(user)
    .set({ displayName: checked.name, name: checked.name, updatedAt: new Date() })
    .where(eq(user.id, options.userId));
  return checked.name;
}

/** Changes the public username; unique without regard to case. */
export async function updateUsername(options: { db: Database; userId: string; username: string }): Promise<void> {
  const [taken] = await options.db
    .select({ id: user.id })
    .from(user)
    .where(and(sql`lower(${user.username}) = lower(${options.username})`, ne(user.id, options.userId)))
    .limit(1);
  if (taken) {
    throw new AppError("conflict", "Ce nom d'utilisateur est déjà pris.", {
      fieldErrors: { username: "Ce nom d'utilisateur est déjà pris." },
    });
  }
  try {
    await options.db
      .update(user)
      .set({ username: options.username, updatedAt: new Date() })
      .where(eq(user.id, options.userId));
  } catch (error) {
    // Two users racing for the same name: the unique index decides.
    if (String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === "23505") {
      throw new AppError("conflict", "Ce nom d'utilisateur est déjà pris.", {
        fieldErrors: { username: "Ce nom d'utilisateur est déjà pris." },
      });
    }
    throw error;
  }
}

export async function updatePrivateProfile(
  options: { db: DbExecutor; userId: string } & z.output<typeof privateProfileSchema>,
): Promise<void> {
  const firstname = options.firstname || null;
  const lastname = options.lastname || null;
  await options.db
    .update(user)
    .set({
      firstname,
      lastname,
      phoneNumber: options.phoneNumber,
      name: [firstname, lastname].filter(Boolean).join(" ") || undefined,
      updatedAt: new Date(),
    })
    .where(eq(user.id, options.userId));
}

export async function updateNotificationPreferences(
  options: { db: DbExecutor; userId: string } & z.output<typeof notificationPreferencesSchema>,
): Promise<void> {
  await options.db
    .update(user)
    .set({
      notifyListingValidated: options.notifyListingValidated,
      notifyNewMessage: options.notifyNewMessage,
      ...(options.notifyPriceDrops === undefined ? {} : { notifyPriceDrops: options.notifyPriceDrops }),
      notifySearchAlerts: options.notifySearchAlerts,
      updatedAt: new Date(),
    })
    .where(eq(user.id, options.userId));
}


/**
 * Deletes the acting user's account: their listings and photos (rows and files), favourites
 * and sessions go with it. Their conversations stay readable by the other party, anonymised:
 * the foreign keys to the user (participant, sender) are ON DELETE SET NULL, shown as
 * 'Utilisateur supprimé'. Accounts with a password must give it; the others type SUPPRIMER.
 */
export async function deleteAccount(options: {
  db: Database;
  storage: Storage;
  userId: string;
  password?: string;
  confirmation?: string;
}): Promise<void> {
  const { db, userId } = options;
  const [credential] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  if (credential?.password) {
    const ok = options.password ? await verifyPassword({ hash: credential.password, password: options.password }) : false;
    if (!ok) {
      throw new AppError("invalid", "Mot de passe incorrect.", { fieldErrors: { password: "Mot de passe incorrect." } });
    }
  } else if (options.confirmation?.trim().toUpperCase() !== DELETE_CONFIRMATION) {
    throw new AppError("invalid", `Tapez ${DELETE_CONFIRMATION} pour confirmer.`, {
      fieldErrors: { confirmation: `Tapez ${DELETE_CONFIRMATION} pour confirmer.` },
    });
  }
  const owned = await db.select({ id: listings.id }).from(listings).where(eq(listings.ownerId, userId));
  // Rows first (one transaction, cascades to listings, photos, favourites, sessions, accounts).
  await db.transaction(async (tx) => {
    // Hearts this user gave other sellers' listings disappear with their favourites.
    await tx
      .update(listings)
      .set({ heartCount: sql`greatest(${listings.heartCount} - 1, 0)` })
      .where(sql`${listings.id} in (select ${favorites.listingId} from ${favorites} where ${favorites.userId} = ${userId})`);
    await tx.delete(user).where(eq(user.id, userId));
  });
  // Then each listing's photo folder: a failure here leaves orphan objects, never a half-deleted account.
  await deleteListingObjects({ storage: options.storage, listingIds: owned.map((l) => l.id) });
  // And a professional's logos (pros/<account>/, issue 33): the profile row went with the account.
  await options.storage.deletePrefix(proLogoPrefix(userId)).catch(() => 0);
}

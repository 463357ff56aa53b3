import { and, eq, like, ne, or } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { proProfiles, type ProStatus } from "~/db/schema";
import { EMAIL_VERIFICATION_TEXTS } from "~/features/auth/email-verification";
import { assertMayPost } from "~/features/auth/email-verification.server";
import { lookupPostalCode } from "~/features/places/places.server";
import { AppError, isAppError } from "~/server/app-error";
import type { Storage } from "~/server/storage.server";
import { deleteLogo, readLogoRef, type LogoRef } from "./pro-logo.server";
import type { ProProfileInput } from "./pro-profile-schema";
import { firstFreeSlug, slugifyCompanyName } from "./pro-slug";

export const PRO_MESSAGES = {
  unauthenticated: "Vous devez être connecté pour déclarer votre activité professionnelle.",
  emailUnverified: EMAIL_VERIFICATION_TEXTS.pro,
  suspended: "Votre compte professionnel est suspendu : il ne peut plus être modifié.",
  siretTaken:
    "Ce numéro SIRET est déjà celui d'un autre professionnel vérifié sur Occazio. Si c'est votre établissement, écrivez-nous depuis la page Aide.",
  place: "Choisissez votre commune dans la liste proposée sous le code postal.",
  raced: "Votre profil professionnel vient d'être enregistré depuis une autre fenêtre : rechargez la page.",
} as const;

export function invalidFields(fieldErrors: Record<string, string>): AppError {
  const count = Object.keys(fieldErrors).length;
  return new AppError("invalid", count > 1 ? `${count} champs sont à corriger.` : "Un champ est à corriger.", { fieldErrors });
}

/** Whether another account's verified profile already holds this SIRET. */
export async function siretHeldByOtherVerifiedPro(db: DbExecutor, siret: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: proProfiles.userId })
    .from(proProfiles)
    .where(and(eq(proProfiles.siret, siret), eq(proProfiles.status, "verified"), ne(proProfiles.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** Spaces and case do not make a change of identity ('GARAGE  du Centre' = 'Garage du centre'). */
const same = (a: string, b: string) => a.replace(/\s+/g, " ").trim().toLowerCase() === b.replace(/\s+/g, " ").trim().toLowerCase();

/**
 * What a moderator verified: the company's identity and where it trades, the legal mentions
 * buyers rely on. Changing any of them sends a verified profile back to the moderators
 * (decision 0032); hours, phone, logo and presentation do not.
 */
function identityChanged(before: typeof proProfiles.$inferSelect, input: ProProfileInput): boolean {
  return (
    !same(before.companyName, input.companyName) ||
    before.siret !== input.siret ||
    !same(before.addressLine, input.addressLine) ||
    before.postalCode !== input.postalCode ||
    before.city !== input.city
  );
}

export interface SaveProProfileResult {
  status: ProStatus;
  created: boolean;
  /** A verified or refused profile went (back) to the moderators. */
  resubmitted: boolean;
  slug: string;
}

/**
 * 'Je suis un professionnel' and its later edits, for the acting user only (the id comes from
 * the session, never the form). New profiles and corrections of a refused one go to the
 * moderators ('pending'); a verified profile stays verified unless its identity changes
 * (identityChanged). A SIRET another verified professional holds is refused and nothing is
 * saved. The slug is made once, from the company name, and never changes afterwards.
 */
export async function saveProProfile(options: {
  db: Database;
  storage: Storage;
  userId: string | null | undefined;
  input: ProProfileInput;
}): Promise<SaveProProfileResult> {
  const { db, storage, input } = options;
  if (!options.userId) throw new AppError("unauthenticated", PRO_MESSAGES.unauthenticated);
  const userId = options.userId;
  await assertMayPost(db, userId, PRO_MESSAGES.emailUnverified);

  // The commune and its coordinates come from the postal-code reference, never from the form.
  const place = (await lookupPostalCode({ db, postalCode: input.postalCode })).find((p) => p.city === input.city);
  const fieldErrors: Record<string, string> = {};
  if (!place) fieldErrors.postalCode = PRO_MESSAGES.place;
  let logo: LogoRef | null = null;
  const [current] = await db
    .select({ logoKey: proProfiles.logoKey, logoVariantWidths: proProfiles.logoVariantWidths })
    .from(proProfiles)
    .where(eq(proProfiles.userId, userId));
  const currentLogo = current?.logoKey && current.logoVariantWidths?.length ? { key: current.logoKey, widths: current.logoVariantWidths } : null;
  if (input.logo) {
    try {
      logo = await readLogoRef({ storage, userId, raw: input.logo });
    } catch (error) {
      if (isAppError(error) && error.details?.fieldErrors) Object.assign(fieldErrors, error.details.fieldErrors);
      else throw error;
    }
  }
  if (await siretHeldByOtherVerifiedPro(db, input.siret, userId)) fieldErrors.siret = PRO_MESSAGES.siretTaken;
  if (Object.keys(fieldErrors).length > 0) throw invalidFields(fieldErrors);

  const now = new Date();
  const values = {
    companyName: input.companyName,
    siret: input.siret,
    addressLine: input.addressLine,
    postalCode: input.postalCode,
    city: place!.city,
    latitude: place!.latitude,
    longitude: place!.longitude,
    phone: input.phone,
    openingHours: input.openingHours,
    presentation: input.presentation,
    logoKey: logo?.key ?? null,
    logoVariantWidths: logo?.widths ?? null,
    updatedAt: now,
  };

  const result = await db.transaction(async (tx): Promise<SaveProProfileResult> => {
    const [before] = await tx.select().from(proProfiles).where(eq(proProfiles.userId, userId)).for("update");
    if (!before) {
      // The slug: the company name's, or its first free -2, -3… (the unique index settles races).
      const base = slugifyCompanyName(input.companyName);
      for (let attempt = 0; attempt < 5; attempt++) {
        const taken = await tx
          .select({ slug: proProfiles.slug })
          .from(proProfiles)
          .where(or(eq(proProfiles.slug, base), like(proProfiles.slug, `${base}-%`)));
        const slug = firstFreeSlug(base, new Set(taken.map((t) => t.slug)));
        const [inserted] = await tx
          .insert(proProfiles)
          .values({ userId, slug, ...values, status: "pending", submittedAt: now, createdAt: now })
          .onConflictDoNothing()
          .returning({ slug: proProfiles.slug });
        if (inserted) return { status: "pending", created: true, resubmitted: false, slug: inserted.slug };
        const [mine] = await tx.select({ userId: proProfiles.userId }).from(proProfiles).where(eq(proProfiles.userId, userId));
        if (mine) throw new AppError("conflict", PRO_MESSAGES.raced);
      }
      throw new AppError("conflict", PRO_MESSAGES.raced);
    }
    if (before.status === "suspended") throw new AppError("forbidden", PRO_MESSAGES.suspended);
    const toModerators = before.status === "refused" || (before.status === "verified" && identityChanged(before, input));
    const status: ProStatus = toModerators ? "pending" : before.status;
    await tx
      .update(proProfiles)
      .set({
        ...values,
        status,
        ...(toModerators ? { submittedAt: now, refusalReason: null, decidedAt: null, decidedBy: null } : {}),
      })
      .where(eq(proProfiles.userId, userId));
    return { status, created: false, resubmitted: toModerators, slug: before.slug };
  });

  // The replaced or removed logo's files go once the new row is committed.
  if (currentLogo && currentLogo.key !== logo?.key) await deleteLogo(storage, currentLogo);
  return result;
}

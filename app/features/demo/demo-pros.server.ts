import { randomUUID } from "node:crypto";
import { faker } from "@faker-js/faker/locale/fr";
import { and, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import type { Database, DbExecutor } from "~/db/client.server";
import { conversations, listings, messages, places, proProfiles } from "~/db/schema";
import { encodePhotoVariants, storeEncodedPhoto } from "~/features/listings/photo-processing.server";
import type { Storage } from "~/server/storage.server";
import { buildListing, type BuiltPlace } from "~/testing/builders";
import { insertUser, type InsertedUser } from "~/testing/inserters.server";
import { DEMO_DEALERS, demoSiret, type DemoDealer } from "./demo-dealers";

/** The demo dealer a developer signs in as to see 'Mon stock' (the first of DEMO_DEALERS). */
export const DEMO_DEALER_EMAIL = "garage@occazio.local";

/** Logo widths, as the photo pipeline writes them (`${logoKey}-${width}.webp`). */
const LOGO_WIDTHS = [96, 192] as const;

function logoSvg(logo: DemoDealer["logo"]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="384" height="384" viewBox="0 0 384 384">
  <rect width="384" height="384" rx="72" fill="${logo.background}"/>
  <circle cx="192" cy="192" r="150" fill="none" stroke="${logo.foreground}" stroke-opacity=".35" stroke-width="10"/>
  <text x="192" y="236" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="136" fill="${logo.foreground}">${logo.initials}</text>
</svg>`;
}

export interface SeededDealer {
  user: InsertedUser;
  place: BuiltPlace;
}

/**
 * The verified dealers of the demo: an account named after the company, its professional
 * profile (verified, with hours and a logo drawn and encoded like the demo photos) located at
 * the places reference's coordinates of its postal code and town.
 */
export async function insertDemoDealers(options: {
  db: Database;
  storage: Storage;
  count: number;
  /** The first dealer signs in with DEMO_DEALER_EMAIL and this password ('Mon stock', issue 35). */
  password?: string;
}): Promise<SeededDealer[]> {
  const { db, storage } = options;
  const chosen = DEMO_DEALERS.slice(0, options.count);
  if (chosen.length === 0) return [];
  const found = await db
    .select({ city: places.city, postalCode: places.postalCode, latitude: places.latitude, longitude: places.longitude })
    .from(places)
    .where(inArray(places.postalCode, chosen.map((d) => d.postalCode)));
  const seeded: SeededDealer[] = [];
  for (const dealer of chosen) {
    const place = found.find((p) => p.postalCode === dealer.postalCode && p.city === dealer.city);
    if (!place) throw new Error(`Lieu absent de la référence : ${dealer.postalCode} ${dealer.city}`);
    const joined = faker.date.past({ years: 6, refDate: faker.date.recent({ days: 400 }) });
    const first = dealer === chosen[0];
    const user = await insertUser(db, {
      ...(first && options.password ? { email: DEMO_DEALER_EMAIL, password: options.password } : { canSignIn: false }),
      displayName: dealer.companyName,
      firstname: dealer.firstname,
      // The public name is the company's, without a person's initial.
      lastname: "",
      // The number is the professional profile's (pro_profiles.phone, on the dealer page); the
      // listing's 'Téléphone' reveal reads the account's, which the demo leaves to Camille alone
      // (tests/e2e/listing.spec.ts looks for a seller without one).
      createdAt: joined,
    });
    const logoKey = `pros/${user.id}/${randomUUID()}`;
    const png = await sharp(Buffer.from(logoSvg(dealer.logo))).png().toBuffer();
    const stored = await storeEncodedPhoto({ storage, storageKey: logoKey, photo: await encodePhotoVariants(png, LOGO_WIDTHS, { effort: 0 }) });
    await db.insert(proProfiles).values({
      userId: user.id,
      slug: dealer.slug,
      companyName: dealer.companyName,
      siret: demoSiret(dealer.siretStem),
      addressLine: dealer.addressLine,
      postalCode: dealer.postalCode,
      city: dealer.city,
      latitude: place.latitude,
      longitude: place.longitude,
      phone: dealer.phone,
      openingHours: dealer.hours,
      logoKey,
      logoVariantWidths: stored.variantWidths,
      presentation: dealer.presentation,
      status: "verified",
      submittedAt: joined,
      decidedAt: joined,
      verifiedAt: joined,
      createdAt: joined,
      updatedAt: joined,
    });
    seeded.push({ user, place });
  }
  return seeded;
}

/**
 * Cars sold on the site before (status 'sold', no photos: only their owner and moderators can
 * open them), so 'N véhicules vendus sur Occazio' has something to count; sold within the last
 * `withinDays`.
 */
export async function insertSoldHistory(db: DbExecutor, sellers: { id: string; place: BuiltPlace; count: number; withinDays: number }[]): Promise<void> {
  const rows = sellers.flatMap(({ id, place, count, withinDays }) =>
    Array.from({ length: count }, () => {
      const soldAt = faker.date.recent({ days: withinDays });
      const createdAt = new Date(soldAt.getTime() - faker.number.int({ min: 3, max: 60 }) * 86_400_000);
      const listing = buildListing({ place, createdAt });
      return { ...listing, ownerId: id, status: "sold" as const, soldAt };
    }),
  );
  for (let i = 0; i < rows.length; i += 500) await db.insert(listings).values(rows.slice(i, i + 500));
}

const QUESTIONS = [
  "Bonjour, le véhicule est-il toujours disponible ?",
  "Bonjour, serait-il possible de l'essayer samedi matin ?",
  "Bonjour, le contrôle technique est-il récent ?",
  "Bonjour, le prix est-il négociable ?",
  "Bonjour, avez-vous les factures d'entretien ?",
];
const ANSWERS = [
  "Bonjour, oui il est toujours disponible. Vous pouvez passer quand vous voulez aux heures d'ouverture.",
  "Bonjour, bien sûr, samedi 10 h vous convient-il ?",
  "Bonjour, le contrôle technique a moins de six mois, sans contre-visite.",
  "Bonjour, nous pouvons en discuter sur place après l'essai.",
  "Bonjour, oui, toutes les factures sont au dossier.",
];

/**
 * Buyers' questions of the last weeks on the sellers' listings, most answered (dealers within an
 * hour or a few, private sellers more slowly), so the demo shows the response figures. Buyers
 * are accounts of their own that cannot sign in: the demo accounts' inboxes stay as they were.
 */
export async function insertDemoConversations(options: {
  db: DbExecutor;
  sellers: { id: string; typicalReplyMinutes: number; conversations: number }[];
  buyers: InsertedUser[];
}): Promise<void> {
  const { db } = options;
  for (const seller of options.sellers) {
    if (seller.conversations === 0) continue;
    const owned = await db
      .select({ id: listings.id, brand: listings.brand, model: listings.model, year: listings.year })
      .from(listings)
      .where(and(eq(listings.ownerId, seller.id), eq(listings.status, "published")))
      .limit(seller.conversations);
    const convRows: (typeof conversations.$inferInsert)[] = [];
    const messageRows: { at: number; conversation: number; sender: string; body: string }[] = [];
    owned.forEach((listing, i) => {
      const buyer = options.buyers[i % options.buyers.length]!;
      const asked = faker.date.recent({ days: 60 });
      const answered = faker.number.float() < 0.9;
      const replyAt = new Date(asked.getTime() + Math.round(seller.typicalReplyMinutes * faker.number.float({ min: 0.3, max: 1.8 })) * 60_000);
      const last = answered && replyAt < new Date() ? replyAt : asked;
      convRows.push({
        listingId: listing.id,
        listingTitle: [listing.brand, listing.model, listing.year].filter(Boolean).join(" "),
        buyerId: buyer.id,
        sellerId: seller.id,
        createdAt: asked,
        lastMessageAt: last,
        buyerLastReadAt: last,
        sellerLastReadAt: last,
      });
      messageRows.push({ at: asked.getTime(), conversation: i, sender: buyer.id, body: faker.helpers.arrayElement(QUESTIONS) });
      if (last !== asked) messageRows.push({ at: replyAt.getTime(), conversation: i, sender: seller.id, body: faker.helpers.arrayElement(ANSWERS) });
    });
    if (convRows.length === 0) continue;
    const inserted = await db.insert(conversations).values(convRows).returning({ id: conversations.id });
    await db.insert(messages).values(
      messageRows.map((m) => ({ conversationId: inserted[m.conversation]!.id, senderId: m.sender, body: m.body, createdAt: new Date(m.at) })),
    );
  }
}

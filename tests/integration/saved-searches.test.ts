import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingPhotos, listings, outboxEmails, savedSearchNotices, savedSearches, user } from "~/db/schema";
import {
  deleteSavedSearch,
  listSavedSearches,
  openSavedSearch,
  renameSavedSearch,
  setAlertFrequency,
} from "~/features/saved-searches/manage-saved-searches.server";
import { findMatchingSearches, recordSearchMatches } from "~/features/saved-searches/match-saved-searches.server";
import { saveSearch } from "~/features/saved-searches/save-search.server";
import { MAX_SAVED_SEARCHES, savedFilters } from "~/features/saved-searches/saved-search-filters";
import { sendSearchAlert, sendSearchDigest, type AlertSender } from "~/features/saved-searches/send-search-alerts.server";
import { checkUnsubscribeLink, unsubscribeSearchAlerts } from "~/features/saved-searches/unsubscribe-search-alert.server";
import { locatePostalCode } from "~/features/places/places.server";
import { searchListings } from "~/features/search/search-listings.server";
import { EARTH_RADIUS_KM } from "~/features/places/geo";
import { createJobQueue } from "~/server/jobs.server";
import { createLogger } from "~/server/logger.server";
import { formatPrice } from "~/ui/format";
import { createOutboxMailer } from "~/server/mailer.server";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
let sender: AlertSender;
let seller: { id: string };
const logger = createLogger({ level: "silent", pretty: false });
const storage = createLocalStorage("/tmp/occazio-saved-search-tests");

beforeAll(async () => {
  t = await createTestDatabase({ withPlaces: true });
  sender = { db: t.db, mailer: createOutboxMailer({ db: t.db, logger }), publicUrl: "http://occazio.test", storage, logger };
  seller = await insertUser(t.db, { canSignIn: false });
});
afterAll(async () => {
  await t?.close();
});

const buyer = () => insertUser(t.db, { canSignIn: false });
const noticesOf = async (savedSearchId: string) =>
  (await t.db.select().from(savedSearchNotices).where(eq(savedSearchNotices.savedSearchId, savedSearchId))).map((n) => n.listingId);
const mailsTo = async (email: string) => (await t.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email)));

/** A Peugeot 3008 Hybride SUV in Lyon 1er; every field fixed so each case changes one thing. */
const LYON = { city: "Lyon 1er", postalCode: "69001", latitude: 45.767, longitude: 4.834 };
const base = {
  brand: "Peugeot",
  model: "3008",
  fuel: "Hybride",
  gearbox: "Automatique",
  vehicleType: "SUV",
  color: "Gris",
  price: 20_000,
  year: 2020,
  mileage: 50_000,
  place: LYON,
};

async function publish(overrides: Partial<typeof base> & { place?: typeof LYON } = {}, ownerId = seller.id) {
  return insertListing(t.db, ownerId, { ...base, ...overrides, status: "published", publishedAt: new Date() });
}

describe(`saved searches (${process.env.TEST_DB_ENGINE})`, () => {
  it("matches a new listing with the search's own predicates, for every filter kind and 'Tous'", async () => {
    const cases: [string, Partial<typeof base>, boolean][] = [
      ["", {}, true], // 'Tous' everywhere
      ["brand=Peugeot", {}, true],
      ["brand=Peugeot", { brand: "Renault", model: "Clio" }, false],
      ["brand=Peugeot&model=3008", {}, true],
      ["brand=Peugeot&model=3008", { model: "208" }, false],
      ["model=3008", {}, true],
      ["brands=Renault,Peugeot", {}, true],
      ["brands=Renault,Citroen", {}, false],
      ["models=208,3008", {}, true],
      ["models=208,2008", {}, false],
      ["brand=Peugeot&brands=Renault", {}, false],
      ["energies=Hybride,Electrique", {}, true],
      ["energies=Diesel", {}, false],
      ["fuel=Hybride", {}, true],
      ["fuel=Diesel", {}, false],
      ["gearbox=Automatique", {}, true],
      ["gearbox=Manuelle", {}, false],
      ["vehicleType=SUV", {}, true],
      ["vehicleType=Berline", {}, false],
      ["color=Gris", {}, true],
      ["color=Rouge", {}, false],
      ["priceMin=20000", {}, true],
      ["priceMin=20001", {}, false],
      ["price=20000", {}, true],
      ["price=19999", {}, false],
      ["yearMin=2020&yearMax=2020", {}, true],
      ["yearMin=2021", {}, false],
      ["yearMax=2019", {}, false],
      ["mileageMax=50000", {}, true],
      ["mileageMax=49999", {}, false],
      ["q=peugeot", {}, true],
      ["q=tesla", {}, false],
      ["deals=1", {}, false],
      ["postalCode=69001&radius=10", {}, true],
      ["postalCode=75011&radius=200", {}, false],
      ["brand=Peugeot&model=3008&fuel=Hybride&price=25000&postalCode=69001&radius=50", {}, true],
      // Issue 37: searches for any brand, by fuel or a list of fuels, with or without a place.
      ["", { fuel: "Diesel" }, true],
      ["fuel=Diesel", { fuel: "Diesel" }, true],
      ["model=3008&fuel=Hybride", {}, true],
      ["brand=Peugeot&fuel=Hybride", { fuel: "Diesel" }, false],
      ["fuel=Hybride&energies=Hybride,Diesel", {}, true],
      ["fuel=Diesel&energies=Hybride", {}, false],
      ["energies=Hybride&postalCode=69001&radius=10", {}, true],
      ["energies=Diesel,Electrique&postalCode=69001&radius=10", {}, false],
    ];
    for (const [query, overrides, expected] of cases) {
      const me = await buyer();
      const saved = await saveSearch({ db: t.db, userId: me.id, query });
      const listing = await publish(overrides);
      const found = (await findMatchingSearches(t.db, listing.id)).some((m) => m.savedSearchId === saved.id);
      expect({ query, overrides, found }).toEqual({ query, overrides, found: expected });
      // The same answer as /recherche with these filters (the newest listing comes first).
      const result = await searchListings({ db: t.db, storage, filters: savedFilters(new URLSearchParams(query).toString()) });
      expect({ query, inSearch: result.items.some((i) => i.id === listing.id) }).toEqual({ query, inSearch: expected });
      await t.db.update(listings).set({ status: "sold" }).where(eq(listings.id, listing.id));
    }
  });

  it("matches the words as /recherche does: a listing that only resembles them, while other listings have them as text, is not announced", async () => {
    const me = await buyer();
    const saved = await saveSearch({ db: t.db, userId: me.id, query: "q=zephyrian" });
    const agrees = async (listingId: string, expected: boolean) => {
      const found = (await findMatchingSearches(t.db, listingId)).some((m) => m.savedSearchId === saved.id);
      const result = await searchListings({ db: t.db, storage, filters: savedFilters("q=zephyrian") });
      expect({ found, inSearch: result.items.some((i) => i.id === listingId) }).toEqual({ found: expected, inSearch: expected });
    };
    // No listing has the word: /recherche reads it as a spelling of brand + model, and so does the alert.
    const lookalike = await publish({ brand: "Peugeot", model: "Zephyrion" });
    await agrees(lookalike.id, true);
    // A listing with the word in its description: the search now shows the text matches only.
    const worded = await insertListing(t.db, seller.id, {
      ...base,
      description: "Vendue avec le pack zephyrian complet, entretien suivi.",
      status: "published",
      publishedAt: new Date(),
    });
    await agrees(worded.id, true);
    const secondLookalike = await publish({ brand: "Peugeot", model: "Zephyrion" });
    await agrees(secondLookalike.id, false);
    await t.db.update(listings).set({ status: "sold" }).where(eq(listings.id, lookalike.id));
    await t.db.update(listings).set({ status: "sold" }).where(eq(listings.id, worded.id));
    await t.db.update(listings).set({ status: "sold" }).where(eq(listings.id, secondLookalike.id));
  });

  it("draws the radius exactly: just inside the circle matches, just outside does not", async () => {
    const center = (await locatePostalCode({ db: t.db, postalCode: "69001" }))!;
    const me = await buyer();
    const saved = await saveSearch({ db: t.db, userId: me.id, query: "postalCode=69001&radius=50" });
    // Due north of the centre: the great-circle distance is the latitude difference.
    const at = (km: number) => ({ ...LYON, latitude: center.latitude + (km / EARTH_RADIUS_KM) * (180 / Math.PI), longitude: center.longitude });
    const inside = await publish({ place: at(49.99) });
    const outside = await publish({ place: at(50.01) });
    expect((await findMatchingSearches(t.db, inside.id)).map((m) => m.savedSearchId)).toContain(saved.id);
    expect((await findMatchingSearches(t.db, outside.id)).map((m) => m.savedSearchId)).not.toContain(saved.id);
    // Same on an east–west line, where the bounding box is widest.
    const east = (km: number) => {
      const lat = (center.latitude * Math.PI) / 180;
      const dLon = 2 * Math.asin(Math.sin(km / EARTH_RADIUS_KM / 2) / Math.cos(lat));
      return { ...LYON, latitude: center.latitude, longitude: center.longitude + (dLon * 180) / Math.PI };
    };
    const insideEast = await publish({ place: east(49.99) });
    const outsideEast = await publish({ place: east(50.01) });
    expect((await findMatchingSearches(t.db, insideEast.id)).map((m) => m.savedSearchId)).toContain(saved.id);
    expect((await findMatchingSearches(t.db, outsideEast.id)).map((m) => m.savedSearchId)).not.toContain(saved.id);
    for (const l of [inside, outside, insideEast, outsideEast]) await t.db.update(listings).set({ status: "sold" }).where(eq(listings.id, l.id));
  });

  it("never alerts the owner of the listing, and a retried match or alert sends nothing twice", async () => {
    const me = await buyer();
    const saved = await saveSearch({ db: t.db, userId: me.id, query: "brand=Peugeot&model=5008" });
    const own = await publish({ model: "5008" }, me.id);
    await recordSearchMatches({ db: t.db, listingId: own.id });
    expect(await noticesOf(saved.id)).toEqual([]);
    const other = await publish({ model: "5008" });
    await recordSearchMatches({ db: t.db, listingId: other.id });
    expect(await noticesOf(saved.id)).toEqual([other.id]);
    // A retry (crash after the commit, job run again): the primary key keeps one notice.
    expect(await recordSearchMatches({ db: t.db, listingId: other.id })).toEqual({ recorded: 0 });
    expect(await noticesOf(saved.id)).toEqual([other.id]);
    expect(await sendSearchAlert(sender, saved.id)).toBe("sent");
    expect(await sendSearchAlert(sender, saved.id, new Date(Date.now() + 2 * 3600_000))).toBe("nothing");
    const mails = await mailsTo(me.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`1 nouvelle annonce pour « ${saved.name} »`);
    expect(mails[0]!.textBody).toContain(`/annonce/${other.id}`);
    expect(mails[0]!.textBody).not.toContain(own.id);
    expect(mails[0]!.htmlBody).toContain(formatPrice(20_000));
    expect(mails[0]!.textBody).toContain("Lyon 1er (69001)");
    expect(mails[0]!.textBody).toMatch(/\/alertes\/desinscription\?r=/);
    expect(mails[0]!.textBody).toContain("http://occazio.test/recherches");
    await t.db.update(listings).set({ status: "sold" }).where(eq(listings.model, "5008"));
  });

  it("'Immédiate': at most one e-mail an hour, then every match since, max 10 listed then 'et N autres'", async () => {
    const me = await buyer();
    const saved = await saveSearch({ db: t.db, userId: me.id, query: "brand=Dacia&model=Duster" });
    const first = await publish({ brand: "Dacia", model: "Duster" });
    await recordSearchMatches({ db: t.db, listingId: first.id });
    const now = new Date();
    expect(await sendSearchAlert(sender, saved.id, now)).toBe("sent");
    const later = [];
    for (let i = 0; i < 12; i++) {
      const l = await publish({ brand: "Dacia", model: "Duster" });
      await recordSearchMatches({ db: t.db, listingId: l.id });
      later.push(l);
    }
    expect(await sendSearchAlert(sender, saved.id, new Date(now.getTime() + 30 * 60_000))).toBe("throttled");
    expect(await mailsTo(me.email)).toHaveLength(1);
    expect(await sendSearchAlert(sender, saved.id, new Date(now.getTime() + 61 * 60_000))).toBe("sent");
    const mails = await mailsTo(me.email);
    expect(mails).toHaveLength(2);
    const second = mails.find((m) => m.subject.startsWith("12 "))!;
    expect(second.subject).toBe(`12 nouvelles annonces pour « ${saved.name} »`);
    expect(second.textBody).toContain("et 2 autres");
    expect(second.textBody).not.toContain(first.id);
    await t.db.update(listings).set({ status: "sold" }).where(eq(listings.brand, "Dacia"));
  });

  it("'Quotidienne': one digest per account grouping its searches, each listing once", async () => {
    const me = await buyer();
    const a = await saveSearch({ db: t.db, userId: me.id, query: "brand=Toyota" });
    const b = await saveSearch({ db: t.db, userId: me.id, query: "brand=Toyota&model=Yaris" });
    const c = await saveSearch({ db: t.db, userId: me.id, query: "brand=Toyota&model=Corolla" });
    for (const s of [a, b, c]) await setAlertFrequency({ db: t.db, userId: me.id, id: s.id, frequency: "daily" });
    const yaris = await publish({ brand: "Toyota", model: "Yaris" });
    const corolla = await publish({ brand: "Toyota", model: "Corolla" });
    await recordSearchMatches({ db: t.db, listingId: yaris.id });
    await recordSearchMatches({ db: t.db, listingId: corolla.id });
    // Daily searches are not sent one by one.
    expect(await sendSearchAlert(sender, a.id)).toBe("nothing");
    const now = new Date();
    expect(await sendSearchDigest(sender, me.id, now)).toBe("sent");
    const mails = await mailsTo(me.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Vos alertes du jour : 2 nouvelles annonces");
    expect(mails[0]!.textBody.split(yaris.id).length - 1).toBe(1);
    expect(mails[0]!.textBody.split(corolla.id).length - 1).toBe(1);
    // A second digest the same day waits for tomorrow.
    const more = await publish({ brand: "Toyota", model: "Yaris" });
    await recordSearchMatches({ db: t.db, listingId: more.id });
    expect(await sendSearchDigest(sender, me.id, new Date(now.getTime() + 3600_000))).toBe("throttled");
    expect(await sendSearchDigest(sender, me.id, new Date(now.getTime() + 24 * 3600_000))).toBe("sent");
    expect(await mailsTo(me.email)).toHaveLength(2);
    await t.db.update(listings).set({ status: "sold" }).where(eq(listings.brand, "Toyota"));
  });

  it("'Alertes de recherche' off and 'Désactivée' send nothing; the one-click link turns alerts off, a tampered one changes nothing", async () => {
    const me = await buyer();
    const saved = await saveSearch({ db: t.db, userId: me.id, query: "brand=Fiat&model=500" });
    await t.db.update(user).set({ notifySearchAlerts: false }).where(eq(user.id, me.id));
    const l1 = await publish({ brand: "Fiat", model: "500" });
    await recordSearchMatches({ db: t.db, listingId: l1.id });
    // Preference off: no notice is even recorded.
    expect(await noticesOf(saved.id)).toEqual([]);
    expect(await sendSearchAlert(sender, saved.id)).toBe("disabled");
    expect(await mailsTo(me.email)).toHaveLength(0);
    await t.db.update(user).set({ notifySearchAlerts: true }).where(eq(user.id, me.id));

    const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, saved.id));
    const ref = `${row!.id}.${row!.unsubscribeToken}`;
    const tampered = `${row!.id}.${row!.unsubscribeToken.slice(0, -1)}${row!.unsubscribeToken.endsWith("A") ? "B" : "A"}`;
    expect(await checkUnsubscribeLink({ db: t.db, ref: tampered })).toBeNull();
    expect(await unsubscribeSearchAlerts({ db: t.db, ref: tampered })).toEqual({ ok: false });
    expect(await unsubscribeSearchAlerts({ db: t.db, ref: "pas-un-lien" })).toEqual({ ok: false });
    expect((await t.db.select().from(savedSearches).where(eq(savedSearches.id, saved.id)))[0]!.frequency).toBe("immediate");
    expect(await unsubscribeSearchAlerts({ db: t.db, ref })).toEqual({ ok: true, names: [saved.name], missing: 0 });
    expect((await t.db.select().from(savedSearches).where(eq(savedSearches.id, saved.id)))[0]!.frequency).toBe("off");
    const l2 = await publish({ brand: "Fiat", model: "500" });
    await recordSearchMatches({ db: t.db, listingId: l2.id });
    expect(await noticesOf(saved.id)).toEqual([]);
    expect(await sendSearchAlert(sender, saved.id)).toBe("nothing");
    expect(await mailsTo(me.email)).toHaveLength(0);
    await t.db.update(listings).set({ status: "sold" }).where(eq(listings.brand, "Fiat"));
  });

  it("keeps one search per set of filters, 20 per account, and refuses unknown or tampered filters in French", async () => {
    const me = await buyer();
    const first = await saveSearch({ db: t.db, userId: me.id, query: "model=3008&brand=peugeot&fuel=hybride&price=25000&postalCode=69001&radius=50" });
    expect(first).toMatchObject({ created: true, name: `Peugeot 3008 · Hybride · ≤ ${formatPrice(25_000)} · 50 km autour de 69001` });
    // Same filters, other spelling and order, sort and page: the same search.
    const again = await saveSearch({ db: t.db, userId: me.id, query: "brand=Peugeot&model=3008&fuel=Hybride&price=25000&postalCode=69001&radius=50&sort=price_asc&page=2" });
    expect(again).toMatchObject({ id: first.id, created: false });
    for (const query of ["foo=bar", "brand=Peugeot&brand=Renault", "price=abc", "radius=50&postalCode=6900", "fuel=Kerosene", "brand=%3Cscript%3E"]) {
      await expect(saveSearch({ db: t.db, userId: me.id, query })).rejects.toMatchObject({ code: "invalid", message: expect.stringMatching(/ne peut pas être sauvegardée|inconnu|plusieurs fois/) });
    }
    await expect(saveSearch({ db: t.db, userId: me.id, query: "postalCode=00000" })).rejects.toMatchObject({ code: "invalid", message: expect.stringContaining("introuvable") });
    await expect(saveSearch({ db: t.db, userId: null, query: "brand=Peugeot" })).rejects.toMatchObject({ code: "unauthenticated" });
    for (let i = 1; i < MAX_SAVED_SEARCHES; i++) await saveSearch({ db: t.db, userId: me.id, query: `priceMin=${i * 1000}` });
    await expect(saveSearch({ db: t.db, userId: me.id, query: "brand=Renault" })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining("limite de 20 recherches"),
    });
    expect(await listSavedSearches({ db: t.db, userId: me.id })).toHaveLength(20);
  });

  it("lists counts and 'N nouvelles' until 'Voir les résultats'; nobody reads or changes another's searches", async () => {
    const me = await buyer();
    const other = await buyer();
    const saved = await saveSearch({ db: t.db, userId: me.id, query: "brand=Skoda&model=Octavia" });
    await publish({ brand: "Skoda", model: "Octavia" });
    await publish({ brand: "Skoda", model: "Octavia" });
    const [item] = await listSavedSearches({ db: t.db, userId: me.id });
    expect(item).toMatchObject({ id: saved.id, matchCount: 2, newCount: 2, frequency: "immediate" });
    expect(item!.badges.map((b) => b.label)).toEqual(["Marque : Skoda", "Modèle : Octavia"]);
    expect(await openSavedSearch({ db: t.db, userId: me.id, id: saved.id })).toEqual({ id: saved.id, url: "/recherche?brand=Skoda&model=Octavia" });
    expect((await listSavedSearches({ db: t.db, userId: me.id }))[0]).toMatchObject({ matchCount: 2, newCount: 0 });

    expect(await listSavedSearches({ db: t.db, userId: other.id })).toEqual([]);
    for (const attempt of [
      () => renameSavedSearch({ db: t.db, userId: other.id, id: saved.id, name: "À moi" }),
      () => setAlertFrequency({ db: t.db, userId: other.id, id: saved.id, frequency: "off" }),
      () => deleteSavedSearch({ db: t.db, userId: other.id, id: saved.id }),
      () => openSavedSearch({ db: t.db, userId: other.id, id: saved.id }),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: "not_found", message: "Recherche sauvegardée introuvable." });
    }
    await expect(listSavedSearches({ db: t.db, userId: null })).rejects.toMatchObject({ code: "unauthenticated" });
    const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, saved.id));
    expect(row).toMatchObject({ name: saved.name, frequency: "immediate" });

    await renameSavedSearch({ db: t.db, userId: me.id, id: saved.id, name: "  Octavia break  " });
    await expect(renameSavedSearch({ db: t.db, userId: me.id, id: saved.id, name: " " })).rejects.toMatchObject({ code: "invalid" });
    await expect(setAlertFrequency({ db: t.db, userId: me.id, id: saved.id, frequency: "weekly" })).rejects.toMatchObject({ code: "invalid" });
    expect((await listSavedSearches({ db: t.db, userId: me.id }))[0]!.name).toBe("Octavia break");
    await deleteSavedSearch({ db: t.db, userId: me.id, id: saved.id });
    expect(await listSavedSearches({ db: t.db, userId: me.id })).toEqual([]);
    expect(await t.db.select().from(savedSearchNotices).where(eq(savedSearchNotices.savedSearchId, saved.id))).toEqual([]);
  });
  it("leaves out accounts with 'Alertes de recherche' off or suspended, when matching and when sending", async () => {
    const quiet = await buyer();
    const suspended = await buyer();
    const keen = await buyer();
    const query = "brand=Kia&model=Ceed";
    const [q, s, k] = await Promise.all([quiet, suspended, keen].map((u) => saveSearch({ db: t.db, userId: u.id, query })));
    await t.db.update(user).set({ notifySearchAlerts: false }).where(eq(user.id, quiet.id));
    await t.db.update(user).set({ suspendedAt: new Date() }).where(eq(user.id, suspended.id));
    const listing = await publish({ brand: "Kia", model: "Ceed" });
    const ours = new Set([q!.id, s!.id, k!.id]);
    expect((await findMatchingSearches(t.db, listing.id)).map((m) => m.savedSearchId).filter((id) => ours.has(id))).toEqual([k!.id]);
    await recordSearchMatches({ db: t.db, listingId: listing.id });
    expect(await noticesOf(q!.id)).toEqual([]);
    expect(await noticesOf(s!.id)).toEqual([]);
    expect(await noticesOf(k!.id)).toEqual([listing.id]);
    // Suspended after the notice was recorded: the alert job drops it, no e-mail.
    await t.db.update(user).set({ suspendedAt: new Date() }).where(eq(user.id, keen.id));
    expect(await sendSearchAlert(sender, k!.id)).toBe("disabled");
    expect(await mailsTo(keen.email)).toHaveLength(0);
    const [notice] = await t.db.select().from(savedSearchNotices).where(eq(savedSearchNotices.savedSearchId, k!.id));
    expect(notice).toMatchObject({ emailed: false, handledAt: expect.any(Date) });
    await t.db.update(listings).set({ status: "sold" }).where(eq(listings.brand, "Kia"));
  });

  it("keeps one waiting alert job per search and one digest job per account, however many listings match", async () => {
    const queue = await createJobQueue({ handle: t, logger, retryLimit: 2, retryDelaySeconds: 1, pollSeconds: 60 });
    try {
      const me = await buyer();
      const immediate = await saveSearch({ db: t.db, userId: me.id, query: "brand=Kia&model=Sportage" });
      const daily = await saveSearch({ db: t.db, userId: me.id, query: "brand=Kia&model=Sportage&fuel=Diesel" });
      const daily2 = await saveSearch({ db: t.db, userId: me.id, query: "brand=Kia" });
      for (const s of [daily, daily2]) await setAlertFrequency({ db: t.db, userId: me.id, id: s.id, frequency: "daily" });
      for (let i = 0; i < 3; i++) {
        const listing = await publish({ brand: "Kia", model: "Sportage", fuel: "Diesel" });
        await t.db.transaction((tx) => recordSearchMatches({ db: tx, listingId: listing.id, jobs: queue }));
      }
      const waiting = async (name: string, key: string) => {
        const result = (await t.db.execute(
          sql`select count(*)::int as n from pgboss.job where name = ${name} and singleton_key = ${key} and state = 'created'`,
        )) as unknown as { rows: { n: number }[] };
        return Number(result.rows[0]!.n);
      };
      expect(await waiting("search-alert", immediate.id)).toBe(1);
      expect(await waiting("search-digest", me.id)).toBe(1);
      expect(await noticesOf(immediate.id)).toHaveLength(3);
    } finally {
      await queue.close();
      await t.db.update(listings).set({ status: "sold" }).where(eq(listings.brand, "Kia"));
    }
    // A database whose queues were created before the policy: the next start sets it.
    await t.db.execute(sql`update pgboss.queue set policy = 'standard' where name in ('search-alert', 'search-digest')`);
    const again = await createJobQueue({ handle: t, logger, retryLimit: 2, retryDelaySeconds: 1, pollSeconds: 60 });
    await again.close();
    const policies = (await t.db.execute(
      sql`select name, policy from pgboss.queue where name in ('search-alert', 'search-digest') order by name`,
    )) as unknown as { rows: { name: string; policy: string }[] };
    expect(policies.rows).toEqual([
      { name: "search-alert", policy: "short" },
      { name: "search-digest", policy: "short" },
    ]);
  });

  it("a digest's unsubscribe link still stops its other searches when one was deleted, in one go", async () => {
    const me = await buyer();
    const a = await saveSearch({ db: t.db, userId: me.id, query: "brand=Kia&model=Picanto" });
    const b = await saveSearch({ db: t.db, userId: me.id, query: "brand=Kia&model=Rio" });
    const c = await saveSearch({ db: t.db, userId: me.id, query: "brand=Kia&model=Soul" });
    const rows = await t.db.select().from(savedSearches).where(eq(savedSearches.userId, me.id));
    const token = (id: string) => rows.find((r) => r.id === id)!.unsubscribeToken;
    const ref = [a, b, c].map((s) => `${s.id}.${token(s.id)}`).join(",");
    await deleteSavedSearch({ db: t.db, userId: me.id, id: b.id });
    expect(await checkUnsubscribeLink({ db: t.db, ref })).toMatchObject({ missing: 1, searches: [{ id: a.id }, { id: c.id }] });
    // One wrong token among them is a tampered link: nothing changes.
    const tampered = `${a.id}.${token(a.id)},${c.id}.${token(a.id)}`;
    expect(await unsubscribeSearchAlerts({ db: t.db, ref: tampered })).toEqual({ ok: false });
    expect(await unsubscribeSearchAlerts({ db: t.db, ref })).toEqual({ ok: true, names: [a.name, c.name], missing: 1 });
    const after = await t.db.select().from(savedSearches).where(eq(savedSearches.userId, me.id));
    expect(after.map((r) => r.frequency)).toEqual(["off", "off"]);
    // Every search of the link deleted: nothing to stop, still a valid link.
    for (const s of [a, c]) await deleteSavedSearch({ db: t.db, userId: me.id, id: s.id });
    expect(await unsubscribeSearchAlerts({ db: t.db, ref })).toEqual({ ok: true, names: [], missing: 3 });
  });

  it("counts the matches and the new ones of a search with a radius from its stored circle", async () => {
    const me = await buyer();
    const saved = await saveSearch({ db: t.db, userId: me.id, query: "brand=Skoda&model=Fabia&postalCode=69001&radius=20" });
    await publish({ brand: "Skoda", model: "Fabia" });
    await publish({ brand: "Skoda", model: "Fabia", place: { city: "Paris", postalCode: "75011", latitude: 48.859, longitude: 2.38 } });
    expect((await listSavedSearches({ db: t.db, userId: me.id }))[0]).toMatchObject({ id: saved.id, matchCount: 1, newCount: 1, matchCountCapped: false });
    await openSavedSearch({ db: t.db, userId: me.id, id: saved.id });
    expect((await listSavedSearches({ db: t.db, userId: me.id }))[0]).toMatchObject({ matchCount: 1, newCount: 0 });
    await t.db.update(listings).set({ status: "sold" }).where(eq(listings.model, "Fabia"));
  });

  it("e-mails the listing's photo at its public address (PHOTO_BASE_URL)", async () => {
    const me = await buyer();
    const saved = await saveSearch({ db: t.db, userId: me.id, query: "brand=Kia&model=Stonic" });
    const listing = await publish({ brand: "Kia", model: "Stonic" });
    await t.db.insert(listingPhotos).values({ listingId: listing.id, position: 0, storageKey: `photos/${listing.id}/a`, width: 1600, height: 1200, variantWidths: [320, 640, 1280] });
    await recordSearchMatches({ db: t.db, listingId: listing.id });
    const cdn = { ...sender, storage: createLocalStorage("/tmp/occazio-saved-search-tests", { publicBaseUrl: "https://photos.occazio.test" }) };
    expect(await sendSearchAlert(cdn, saved.id)).toBe("sent");
    const [mail] = await mailsTo(me.email);
    expect(mail!.htmlBody).toContain(`src="https://photos.occazio.test/photos/${listing.id}/a-640.webp"`);
    await t.db.update(listings).set({ status: "sold" }).where(eq(listings.brand, "Kia"));
  });

  it("the migration to geographic keys gives stored searches the keys a new save computes", async () => {
    const migration = fs.readFileSync(path.resolve(import.meta.dirname, "../../app/db/migrations/0015_f3_saved_search_geo_keys.sql"), "utf8");
    const update = migration.split("--> statement-breakpoint").find((part) => part.includes('UPDATE "saved_searches"'))!;
    const me = await buyer();
    const queries = ["brand=Kia", "brands=Kia,Skoda&models=Ceed,Fabia&postalCode=69001&radius=200", "postalCode=97400&radius=10", "brand=Kia&brands=Skoda", "postalCode=29200&radius=50"];
    const saved = [];
    for (const query of queries) saved.push(await saveSearch({ db: t.db, userId: me.id, query }));
    const keysOf = async () =>
      new Map((await t.db.select().from(savedSearches).where(eq(savedSearches.userId, me.id))).map((r) => [r.id, [...r.matchKeys].sort()]));
    const computed = await keysOf();
    expect(computed.get(saved[1]!.id)!.length).toBeGreaterThan(4 * 9);
    // Back to the former "brand|model" keys, then the migration's UPDATE.
    await t.db.execute(sql`update saved_searches set match_keys = coalesce(array(select distinct regexp_replace(k, '[|][^|]*$', '') from unnest(match_keys) k), '{}') where user_id = ${me.id}`);
    expect((await keysOf()).get(saved[0]!.id)).toEqual(["Kia|*"]);
    await t.db.execute(sql.raw(update));
    expect(await keysOf()).toEqual(computed);
  });
});

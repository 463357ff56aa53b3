import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listingReviewSamples, listings, moderationEvents, outboxEmails, proProfiles } from "~/db/schema";
import { insertListing, insertProProfile, insertUser } from "~/testing/inserters.server";
import { formatMileage } from "~/ui/format";
import { createClient } from "../support/test-app";
import { testAppForFile } from "../support/test-app-for-file";

/**
 * 'De confiance' over real HTTP (issue 35, decision 0054): a moderator finds a verified
 * professional in the 'Professionnels' tab, gives and withdraws its trust with a reason (card,
 * journal, e-mail, 'Mon stock'), and reviews the 'Contrôle après publication' section
 * ('Conforme', 'Retirer'); the authorization matrix of the four new actions — anonymous, private
 * user, professional, moderator — each refusal leaving the database as it was.
 */

const ctx = testAppForFile();

type Client = ReturnType<typeof createClient>;

async function member(options: { role?: "user" | "moderator"; pro?: { trusted?: boolean; companyName: string } } = {}) {
  const person = await insertUser(ctx.t.db, { role: options.role ?? "user" });
  if (options.pro) {
    await insertProProfile(ctx.t.db, person.id, {
      companyName: options.pro.companyName,
      addressLine: "8 quai de la Loire",
      postalCode: "44000",
      city: "Nantes",
      latitude: 47.21,
      longitude: -1.55,
      phone: "0240000000",
      status: "verified",
      verifiedAt: new Date(),
      trusted: options.pro.trusted ? 1 : 0,
    });
  }
  const client = createClient(ctx.app.url);
  expect((await client.signIn(person.email, person.password)).status).toBe(200);
  return { ...person, client };
}

const moderate = (client: Client, form: Record<string, string>) =>
  client.request("/moderation", { method: "POST", form });
/** The page's HTML without React's text separators (`a <!-- -->b`), as a reader sees it. */
const textOf = (html: string) => html.replaceAll("<!-- -->", "");
const page = async (client: Client, path: string) => textOf(await (await client.request(path)).text());

const snapshot = async () =>
  JSON.stringify([
    await ctx.t.db.select().from(proProfiles).orderBy(asc(proProfiles.userId)),
    await ctx.t.db.select().from(moderationEvents).orderBy(asc(moderationEvents.id)),
    await ctx.t.db.select().from(listingReviewSamples).orderBy(asc(listingReviewSamples.listingId)),
    await ctx.t.db.select({ id: listings.id, status: listings.status }).from(listings).orderBy(asc(listings.id)),
    (await ctx.t.db.select().from(outboxEmails)).length,
  ]);

async function expectUnchanged(call: () => Promise<Response>, status: number): Promise<string> {
  const before = await snapshot();
  const response = await call();
  expect(response.status).toBe(status);
  const body = await response.text();
  expect(await snapshot()).toBe(before);
  return body;
}

/** A trusted dealer's listing online and drawn for review, as the import leaves it. */
async function sampledListing(ownerId: string, brand = "Renault", model = "Clio") {
  const listing = await insertListing(ctx.t.db, ownerId, { brand, model, status: "published", mileage: 61000 });
  await ctx.t.db.insert(listingReviewSamples).values({
    listingId: listing.id,
    ownerId,
    kind: "updated",
    revision: "f".repeat(64),
    previous: { mileage: 58000 },
  });
  return listing;
}

const mailsTo = async (email: string) =>
  (await ctx.t.db.select().from(outboxEmails)).filter((m) => m.toAddress === email).map((m) => m.subject);

describe(`trusted dealers over HTTP (${process.env.TEST_DB_ENGINE})`, () => {
  it("a moderator finds a verified professional, marks it 'de confiance' and withdraws it: card, journal, e-mails, 'Mon stock'", async () => {
    const pro = await member({ pro: { companyName: "Garage Atlantique" } });
    const moderator = await member({ role: "moderator" });
    const stockBefore = await page(pro.client, "/account/stock");
    expect(stockBefore).toContain("Vos imports attendent la validation de notre équipe.");

    const tab = await page(moderator.client, "/moderation?onglet=professionnels&pro=atlantique");
    expect(tab).toContain("Professionnels vérifiés");
    expect(tab).toContain("Garage Atlantique");
    expect(tab).toContain("Imports validés avant publication");
    expect(tab).toContain("Marquer de confiance…");

    const empty = await expectUnchanged(
      () => moderate(moderator.client, { intent: "trust-pro", id: pro.id, reason: " " }),
      400,
    );
    expect(empty).toContain("Indiquez le motif");
    expect(
      (
        await moderate(moderator.client, {
          intent: "trust-pro",
          id: pro.id,
          reason: "Trois ans sans retrait, stock propre.",
        })
      ).status,
    ).toBe(200);
    await expectUnchanged(
      () => moderate(moderator.client, { intent: "trust-pro", id: pro.id, reason: "Encore une fois." }),
      409,
    );

    const trusted = await page(moderator.client, "/moderation?onglet=professionnels&confiance=1&pro=Garage+Atlantique");
    expect(trusted).toContain("De confiance : imports publiés directement");
    expect(trusted).toContain(`par ${moderator.username} — motif : Trois ans sans retrait, stock propre.`);
    expect(await page(pro.client, "/account/stock")).toContain(
      "Compte « de confiance » : vos imports sont publiés immédiatement.",
    );

    expect(
      (await moderate(moderator.client, { intent: "untrust-pro", id: pro.id, reason: "Photos d'un autre véhicule." }))
        .status,
    ).toBe(200);
    expect(await page(pro.client, "/account/stock")).toContain("Vos imports attendent la validation de notre équipe.");
    const journal = await page(moderator.client, `/moderation?onglet=historique&compte=${pro.id}`);
    expect(journal).toContain("Compte : <strong");
    expect(journal).toContain("Professionnel marqué de confiance");
    expect(journal).toContain("Confiance retirée au professionnel");
    expect(journal).toContain("Motif : Photos d&#x27;un autre véhicule.");
    expect(journal).toContain("2 décisions");
    expect(await mailsTo(pro.email)).toEqual([
      "Vos imports de stock sont publiés directement",
      "Vos imports de stock repassent par la validation",
    ]);
  });

  it("'Contrôle après publication': the sampled listing is shown with its change, 'Conforme' closes it, 'Retirer' takes it offline and tells the dealer", async () => {
    const dealer = await member({ pro: { trusted: true, companyName: "Autos de l'Erdre" } });
    const moderator = await member({ role: "moderator" });
    const kept = await sampledListing(dealer.id, "Renault", "Clio");
    const removed = await sampledListing(dealer.id, "Dacia", "Sandero");

    const queue = await page(moderator.client, "/moderation");
    expect(queue).toMatch(/Contrôle après publication \(\d+\)/);
    expect(queue).toContain("Renault Clio");
    expect(queue).toContain("Dacia Sandero");
    expect(queue).toContain(formatMileage(58000));
    expect(queue).toContain(formatMileage(61000));
    expect(queue).toContain("Retirer aussi la confiance à Autos de l&#x27;Erdre");

    expect((await moderate(moderator.client, { intent: "confirm-sample", id: kept.id })).status).toBe(200);
    await expectUnchanged(() => moderate(moderator.client, { intent: "confirm-sample", id: kept.id }), 409);
    const noReason = await expectUnchanged(
      () => moderate(moderator.client, { intent: "remove-sample", id: removed.id, reasonCode: "" }),
      400,
    );
    expect(noReason).toContain("Choisissez un motif de refus.");
    const done = await moderate(moderator.client, {
      intent: "remove-sample",
      id: removed.id,
      reasonCode: "description",
      reasonText: "Kilométrage incohérent avec le contrôle technique",
      withdrawTrust: "on",
    });
    expect(done.status).toBe(200);
    expect(textOf(await done.text())).toContain(
      "Annonce retirée : le professionnel a été prévenu. Sa confiance lui a été retirée.",
    );
    const [row] = await ctx.t.db.select().from(listings).where(eq(listings.id, removed.id));
    expect(row).toMatchObject({ status: "rejected" });
    expect((await ctx.t.db.select().from(proProfiles).where(eq(proProfiles.userId, dealer.id)))[0]!.trusted).toBe(0);
    expect(await mailsTo(dealer.email)).toEqual(
      expect.arrayContaining([
        "Votre annonce a été retirée après contrôle",
        "Vos imports de stock repassent par la validation",
      ]),
    );
    // The removed car is offline for buyers (404: it may come back once corrected).
    expect((await createClient(ctx.app.url).request(`/annonce/${removed.id}`)).status).toBe(404);
    const after = await page(moderator.client, "/moderation");
    expect(after).not.toContain("Dacia Sandero");
    expect(after).not.toContain(`value="${kept.id}"`);
  });

  it("authorization matrix: trust, withdraw, 'Conforme', 'Retirer' — anonymous, private user, professional, moderator; refusals change nothing", async () => {
    const dealer = await member({ pro: { trusted: true, companyName: "Garage du Matrix" } });
    const other = await member({ pro: { companyName: "Garage Voisin" } });
    const privateUser = await member();
    const moderator = await member({ role: "moderator", pro: { companyName: "Autos du Modérateur", trusted: true } });
    const anonymous = createClient(ctx.app.url);
    const listing = await sampledListing(dealer.id, "Peugeot", "208");

    const actions: Record<string, string>[] = [
      { intent: "trust-pro", id: other.id, reason: "Motif suffisant." },
      { intent: "untrust-pro", id: dealer.id, reason: "Motif suffisant." },
      { intent: "confirm-sample", id: listing.id },
      { intent: "remove-sample", id: listing.id, reasonCode: "price", withdrawTrust: "on" },
    ];
    // Moderation does not exist for anyone but moderators: 404, nothing changed — the dealer itself included.
    for (const form of actions) {
      for (const client of [anonymous, privateUser.client, dealer.client, other.client]) {
        await expectUnchanged(() => moderate(client, form), 404);
      }
    }
    for (const client of [anonymous, privateUser.client, dealer.client]) {
      expect((await client.request("/moderation?onglet=professionnels")).status).toBe(404);
    }
    // A moderator: not its own trust (403), unknown ids (404), malformed ids (404).
    await expectUnchanged(
      () => moderate(moderator.client, { intent: "untrust-pro", id: moderator.id, reason: "Je me retire." }),
      403,
    );
    await expectUnchanged(
      () => moderate(moderator.client, { intent: "trust-pro", id: "inconnu", reason: "Motif suffisant." }),
      404,
    );
    await expectUnchanged(() => moderate(moderator.client, { intent: "confirm-sample", id: "pas-un-uuid" }), 404);
    await expectUnchanged(
      () => moderate(moderator.client, { intent: "confirm-sample", id: "00000000-0000-4000-8000-000000000000" }),
      404,
    );
    // A listing online that was not drawn: nothing to review.
    const notSampled = await insertListing(ctx.t.db, dealer.id, { status: "published" });
    await expectUnchanged(
      () => moderate(moderator.client, { intent: "remove-sample", id: notSampled.id, reasonCode: "price" }),
      409,
    );

    // The moderator decides, once each.
    expect((await moderate(moderator.client, actions[0]!)).status).toBe(200);
    expect((await moderate(moderator.client, actions[2]!)).status).toBe(200);
    await expectUnchanged(() => moderate(moderator.client, actions[3]!), 409);
    expect((await moderate(moderator.client, actions[1]!)).status).toBe(200);
    const trust = await ctx.t.db.select({ userId: proProfiles.userId, trusted: proProfiles.trusted }).from(proProfiles);
    expect(trust.find((p) => p.userId === other.id)?.trusted).toBe(1);
    expect(trust.find((p) => p.userId === dealer.id)?.trusted).toBe(0);
  });
});

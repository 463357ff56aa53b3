import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { moderationEvents, outboxEmails, proProfiles, user } from "~/db/schema";
import { insertUser } from "~/testing/inserters.server";
import { createClient } from "../support/test-app";
import { testAppForFile } from "../support/test-app-for-file";

/**
 * Professional sellers over real HTTP (issue 33): the 'Je suis un professionnel' form (SIRET
 * table, slug, logo), the moderators' 'Professionnels' tab (validate, refuse with a reason,
 * e-mails in the outbox, journal), and the authorization matrix of every new action —
 * anonymous, owner, other user, moderator — each refusal leaving the database as it was.
 */

const ctx = testAppForFile({ withPlaces: true });

type Client = ReturnType<typeof createClient>;

async function member(role: "user" | "moderator" = "user") {
  const person = await insertUser(ctx.t.db, { role });
  const client = createClient(ctx.app.url);
  const response = await client.signIn(person.email, person.password);
  expect(response.status).toBe(200);
  return { ...person, client };
}

const SIRETS = {
  apple: "73282932000074",
  a: "44248238600012",
  b: "55204123400014",
  c: "80123456700015",
  d: "12345678900015",
  e: "98765432100015",
  laPosteHeadOffice: "35600000000048",
  /** Not a Luhn number: valid only under La Poste's rule (digit sum a multiple of 5). */
  laPosteOffice: "35600000000001",
  laPosteWrong: "35600000000002",
};

const WEEK: Record<string, string> = {};
for (let day = 0; day < 5; day++) {
  Object.assign(WEEK, { [`opens-${day}-0`]: "09:00", [`closes-${day}-0`]: "12:00", [`opens-${day}-1`]: "14:00", [`closes-${day}-1`]: "18:30" });
}
Object.assign(WEEK, { "opens-5-0": "09:00", "closes-5-0": "12:00", "closed-6": "on" });

function proForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    companyName: "Garage de l'Étoile",
    siret: SIRETS.apple,
    addressLine: "12 rue de la République",
    postalCode: "69003",
    city: "Lyon 3e",
    latitude: "0",
    longitude: "0",
    phone: "04 78 12 34 56",
    presentation: "Spécialiste Peugeot depuis 1982.",
    logo: "",
    ...WEEK,
    ...overrides,
  };
}

const submit = (client: Client, form: Record<string, string>) =>
  client.request("/account/professionnel", { method: "POST", form, headers: { accept: "text/html" } });

const moderate = (client: Client, form: Record<string, string>) => client.request("/moderation", { method: "POST", form });

const profile = async (userId: string) => (await ctx.t.db.select().from(proProfiles).where(eq(proProfiles.userId, userId)))[0];

const snapshot = async () =>
  JSON.stringify([
    await ctx.t.db.select().from(proProfiles).orderBy(asc(proProfiles.userId)),
    await ctx.t.db.select().from(moderationEvents).orderBy(asc(moderationEvents.id)),
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

const mailsTo = async (email: string) => (await ctx.t.db.select().from(outboxEmails)).filter((m) => m.toAddress === email);

async function pngLogo(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 30, b: 40 } } })
    .png()
    .toBuffer();
}

describe(`professional sellers over HTTP (${process.env.TEST_DB_ENGINE})`, () => {
  it("SIRET table through the form: letters, 13 and 15 digits, a wrong key, La Poste's rule, one already verified — French errors, nothing saved", async () => {
    const holder = await member();
    expect((await submit(holder.client, proForm({ siret: SIRETS.a }))).status).toBe(200);
    await ctx.t.db.update(proProfiles).set({ status: "verified" }).where(eq(proProfiles.userId, holder.id));

    const pro = await member();
    const refused: [string, string][] = [
      ["7328293200007A", "ne contient que des chiffres"],
      ["7328293200007", "vous en avez saisi 13"],
      ["732829320000745", "vous en avez saisi 15"],
      ["73282932000075", "clé de contrôle"],
      [SIRETS.laPosteWrong, "clé de contrôle"],
      ["442 482 386 00012", "déjà celui d'un autre professionnel vérifié"],
    ];
    for (const [siret, message] of refused) {
      const html = await expectUnchanged(() => submit(pro.client, proForm({ siret })), 400);
      expect(html).toContain(message);
    }
    expect(await profile(pro.id)).toBeUndefined();
    // Every problem at once, each for its field.
    const many = await expectUnchanged(
      () => submit(pro.client, proForm({ siret: "123", companyName: "", phone: "12", "opens-2-0": "", "closes-2-0": "", "opens-2-1": "", "closes-2-1": "" })),
      400,
    );
    expect(many).toContain("vous en avez saisi 3");
    expect(many).toContain("Indiquez la raison sociale");
    expect(many).toContain("Numéro de téléphone invalide");
    expect(many).toContain("Le mercredi : indiquez vos horaires, ou cochez « Fermé ».");
    expect(many).toContain("4 champs sont à corriger");
    const hours = await expectUnchanged(() => submit(pro.client, proForm({ "opens-0-1": "11:00" })), 400);
    expect(hours).toContain("Le lundi : les deux plages horaires se chevauchent.");
    const place = await expectUnchanged(() => submit(pro.client, proForm({ city: "Lyon 4e" })), 400);
    expect(place).toContain("Choisissez votre commune dans la liste");

    // La Poste: the head office passes Luhn; a post office passes the digit-sum rule only.
    expect((await submit(pro.client, proForm({ siret: SIRETS.laPosteOffice }))).status).toBe(200);
    expect(await profile(pro.id)).toMatchObject({ siret: SIRETS.laPosteOffice, status: "pending", city: "Lyon 3e", latitude: 45.753355 });
    const other = await member();
    expect((await submit(other.client, proForm({ siret: "356 000 000 00048" }))).status).toBe(200);
    expect(await profile(other.id)).toMatchObject({ siret: SIRETS.laPosteHeadOffice });
  });

  it("slug: from the company name, unique (-2, -3), kept when the name changes", async () => {
    const names = ["Autos Côte d'Azur", "AUTOS  cote d'azur", "Autos Côte-d'Azur !"];
    const slugs: string[] = [];
    const members = [];
    for (const [i, companyName] of names.entries()) {
      const pro = await member();
      members.push(pro);
      expect((await submit(pro.client, proForm({ companyName, siret: [SIRETS.b, SIRETS.c, SIRETS.d][i]! }))).status).toBe(200);
      slugs.push((await profile(pro.id))!.slug);
    }
    expect(slugs).toEqual(["autos-cote-d-azur", "autos-cote-d-azur-2", "autos-cote-d-azur-3"]);
    const first = members[0]!;
    expect((await submit(first.client, proForm({ companyName: "Garage Riviera", siret: SIRETS.b }))).status).toBe(200);
    expect(await profile(first.id)).toMatchObject({ companyName: "Garage Riviera", slug: "autos-cote-d-azur" });
  });

  it("refuse → resubmit → validate: statuses on the page and the account, e-mails in the outbox, the journal", async () => {
    const pro = await member();
    const moderator = await member("moderator");
    expect((await submit(pro.client, proForm({ companyName: "Garage Martin", siret: SIRETS.e }))).status).toBe(200);
    expect(await (await pro.client.request("/account/professionnel")).text()).toContain("Professionnel — en attente de vérification");
    expect(await (await pro.client.request("/account-settings")).text()).toContain("Professionnel — en attente de vérification");

    const tab = await (await moderator.client.request("/moderation?onglet=professionnels")).text();
    expect(tab).toContain("Garage Martin");
    expect(tab).toContain("987 654 321 00015");
    expect(tab).toContain(pro.email);
    expect(tab).toContain("12 rue de la République, 69003 Lyon 3e");
    expect(tab).toContain("04 78 12 34 56");

    // A reason is required.
    const empty = await expectUnchanged(() => moderate(moderator.client, { intent: "refuse-pro", id: pro.id, reason: "  " }), 400);
    expect(empty).toContain("Indiquez le motif du refus");
    expect((await moderate(moderator.client, { intent: "refuse-pro", id: pro.id, reason: "Le SIRET ne correspond pas à l'adresse indiquée." })).status).toBe(200);
    expect(await profile(pro.id)).toMatchObject({ status: "refused", refusalReason: "Le SIRET ne correspond pas à l'adresse indiquée.", decidedBy: moderator.id });
    const refusedMail = (await mailsTo(pro.email)).at(-1)!;
    expect(refusedMail.subject).toBe("Votre compte professionnel n'a pas pu être vérifié");
    expect(refusedMail.textBody).toContain(`Bonjour ${pro.displayName},`);
    expect(refusedMail.textBody).toContain("Motif : Le SIRET ne correspond pas à l'adresse indiquée.");
    expect(await (await pro.client.request("/account/professionnel")).text()).toContain("Refusé : Le SIRET ne correspond pas à l&#x27;adresse indiquée.");
    // Deciding twice: already decided.
    await expectUnchanged(() => moderate(moderator.client, { intent: "validate-pro", id: pro.id }), 409);

    // The professional corrects and sends again: back to pending, the reason gone.
    expect((await submit(pro.client, proForm({ companyName: "Garage Martin", siret: SIRETS.e, addressLine: "14 rue de la République" }))).status).toBe(200);
    expect(await profile(pro.id)).toMatchObject({ status: "pending", refusalReason: null, decidedBy: null });

    expect((await moderate(moderator.client, { intent: "validate-pro", id: pro.id })).status).toBe(200);
    const verified = await profile(pro.id);
    expect(verified).toMatchObject({ status: "verified", decidedBy: moderator.id });
    expect(verified!.verifiedAt).not.toBeNull();
    const verifiedMail = (await mailsTo(pro.email)).at(-1)!;
    expect(verifiedMail.subject).toBe("Votre compte professionnel est vérifié");
    expect(verifiedMail.textBody).toContain(`/pro/${verified!.slug}`);
    expect(await (await pro.client.request("/account/professionnel")).text()).toContain("Professionnel vérifié");
    expect(await (await pro.client.request("/account-settings")).text()).toContain("Professionnel vérifié");

    // Hours and phone keep it verified; a new company name sends it back to the moderators.
    expect((await submit(pro.client, proForm({ companyName: "Garage Martin", siret: SIRETS.e, addressLine: "14 rue de la République", phone: "0478000000", "closed-5": "on" }))).status).toBe(200);
    expect(await profile(pro.id)).toMatchObject({ status: "verified", phone: "478000000" });
    expect((await submit(pro.client, proForm({ companyName: "Garage Martin & Fils", siret: SIRETS.e, addressLine: "14 rue de la République" }))).status).toBe(200);
    expect(await profile(pro.id)).toMatchObject({ status: "pending", slug: verified!.slug });

    const journal = await (await moderator.client.request("/moderation?onglet=historique")).text();
    expect(journal).toContain("Professionnel vérifié");
    expect(journal).toContain("Profil professionnel refusé");
    const events = await ctx.t.db.select().from(moderationEvents).where(eq(moderationEvents.targetUserId, pro.id)).orderBy(asc(moderationEvents.createdAt));
    expect(events.map((e) => e.action)).toEqual(["pro_refused", "pro_verified"]);
  });

  it("validating a claim of a SIRET another professional already holds verified: French 409, nothing changes", async () => {
    const first = await member();
    const second = await member();
    const moderator = await member("moderator");
    // Both claim the same establishment while neither is verified (pending claims may collide).
    expect((await submit(first.client, proForm({ companyName: "Premier", siret: "11111111100010" }))).status).toBe(400);
    const siret = "44248238600020";
    expect((await submit(first.client, proForm({ companyName: "Premier", siret }))).status).toBe(200);
    expect((await submit(second.client, proForm({ companyName: "Second", siret }))).status).toBe(200);
    expect((await moderate(moderator.client, { intent: "validate-pro", id: first.id })).status).toBe(200);
    const body = await expectUnchanged(() => moderate(moderator.client, { intent: "validate-pro", id: second.id }), 409);
    expect(body).toContain("déjà celui d&#x27;un autre professionnel vérifié");
  });

  it("authorization matrix: become pro, edit, validate, refuse — anonymous, owner, other user, moderator; refusals change nothing", async () => {
    const owner = await member();
    const other = await member();
    const moderator = await member("moderator");
    const anonymous = createClient(ctx.app.url);

    // Become pro (submit): anonymous 401; the owner 200.
    await expectUnchanged(() => submit(anonymous, proForm({ siret: SIRETS.c })), 401);
    expect(await (await anonymous.request("/account/professionnel")).text()).toContain("Connectez-vous pour déclarer votre activité professionnelle.");
    expect((await submit(owner.client, proForm({ companyName: "Owner Autos", siret: SIRETS.c }))).status).toBe(200);
    const saved = await profile(owner.id);

    // Edit: the session decides whose profile; another user's post (with the owner's id) makes its own, never touches the owner's.
    await expectUnchanged(() => submit(anonymous, proForm({ companyName: "Volé", siret: SIRETS.c, userId: owner.id })), 401);
    expect((await submit(other.client, proForm({ companyName: "Autre", siret: SIRETS.d, userId: owner.id }))).status).toBe(200);
    expect(await profile(owner.id)).toEqual(saved);
    expect(await profile(other.id)).toMatchObject({ companyName: "Autre" });
    expect((await submit(owner.client, proForm({ companyName: "Owner Autos", siret: SIRETS.c, presentation: "Nouveau texte." }))).status).toBe(200);
    expect(await profile(owner.id)).toMatchObject({ presentation: "Nouveau texte." });

    // Validate and refuse: moderation does not exist for others (404), a moderator cannot decide its own profile (403).
    const decisions: Record<string, string>[] = [{ intent: "validate-pro", id: owner.id }, { intent: "refuse-pro", id: owner.id, reason: "Motif quelconque." }];
    for (const form of decisions) {
      await expectUnchanged(() => moderate(anonymous, form), 404);
      await expectUnchanged(() => moderate(owner.client, form), 404);
      await expectUnchanged(() => moderate(other.client, form), 404);
    }
    expect((await submit(moderator.client, proForm({ companyName: "Modé Autos", siret: SIRETS.e }))).status).toBe(200);
    const own = await expectUnchanged(() => moderate(moderator.client, { intent: "validate-pro", id: moderator.id }), 403);
    expect(own).toContain("propre profil professionnel");
    await expectUnchanged(() => moderate(moderator.client, { intent: "refuse-pro", id: moderator.id, reason: "Je me refuse." }), 403);
    await expectUnchanged(() => moderate(moderator.client, { intent: "validate-pro", id: "inconnu" }), 404);
    // The moderator decides others'.
    expect((await moderate(moderator.client, { intent: "refuse-pro", id: other.id, reason: "Raison sociale introuvable." })).status).toBe(200);
    expect((await moderate(moderator.client, { intent: "validate-pro", id: owner.id })).status).toBe(200);
    expect(await profile(owner.id)).toMatchObject({ status: "verified" });
  });

  it("logo: uploaded through the photo pipeline, attached by the form, public once attached; nobody attaches someone else's", async () => {
    const pro = await member();
    const other = await member();
    const anonymous = createClient(ctx.app.url);
    const png = await pngLogo();
    const upload = (client: Client, body: Buffer) => client.request("/api/pro/logo", { method: "POST", body: new Uint8Array(body), headers: { "content-type": "application/octet-stream" } });
    expect((await upload(anonymous, png)).status).toBe(401);
    const notImage = await upload(pro.client, Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'></svg>"));
    expect(notImage.status).toBe(400);
    expect(((await notImage.json()) as { error: string }).error).toContain("SVG");

    const response = await upload(pro.client, png);
    expect(response.status).toBe(201);
    const { logo } = (await response.json()) as { logo: { key: string; widths: number[] } };
    expect(logo.key.startsWith(`pros/${pro.id}/`)).toBe(true);
    expect(logo.widths).toEqual([160, 320]);
    const url = `/uploads/${logo.key}-160.webp`;
    // Not attached yet: served to no one.
    expect((await anonymous.request(url)).status).toBe(404);

    // Another account cannot point its profile at this upload.
    const stolen = await expectUnchanged(() => submit(other.client, proForm({ siret: SIRETS.b, logo: JSON.stringify(logo) })), 400);
    expect(stolen).toContain("Le logo envoyé est introuvable");

    expect((await submit(pro.client, proForm({ siret: SIRETS.b, logo: JSON.stringify(logo) }))).status).toBe(200);
    expect(await profile(pro.id)).toMatchObject({ logoKey: logo.key, logoVariantWidths: [160, 320] });
    const served = await anonymous.request(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toContain("immutable");

    // Removing it: the profile forgets it and the file is served to no one.
    expect((await submit(pro.client, proForm({ siret: SIRETS.b, logo: "" }))).status).toBe(200);
    expect(await profile(pro.id)).toMatchObject({ logoKey: null });
    expect((await anonymous.request(url)).status).toBe(404);
    expect(await ctx.app.services.storage.size(`${logo.key}-160.webp`)).toBeNull();

    // Deleting the account deletes its profile and its logo files.
    const again = (await (await upload(pro.client, png)).json()) as { logo: { key: string; widths: number[] } };
    expect((await submit(pro.client, proForm({ siret: SIRETS.b, logo: JSON.stringify(again.logo) }))).status).toBe(200);
    const deleted = await pro.client.request("/account", { method: "POST", form: { intent: "delete-account", password: pro.password } });
    expect(deleted.status).toBe(302);
    expect(await profile(pro.id)).toBeUndefined();
    expect(await ctx.app.services.storage.size(`${again.logo.key}-320.webp`)).toBeNull();
  });

  it("an unconfirmed address cannot become pro", async () => {
    const client = createClient(ctx.app.url);
    const { user: created } = await client.signUp(`inconfirme.${Date.now()}@exemple.fr`);
    const body = await expectUnchanged(() => submit(client, proForm({ siret: SIRETS.d })), 403);
    expect(body).toContain("Confirmez votre adresse e-mail pour déclarer votre activité professionnelle");
    expect(await profile(created.id)).toBeUndefined();
    const page = await (await client.request("/account/professionnel")).text();
    expect(page).toContain("Confirmez votre adresse e-mail pour déclarer votre activité professionnelle");

    const [row] = await ctx.t.db.select({ id: user.id }).from(user).where(eq(user.id, created.id));
    expect(row).toBeDefined();
  });
});

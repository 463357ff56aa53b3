import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxEmails, user } from "~/db/schema";
import { DISPLAY_NAME_MESSAGES } from "~/features/account/display-name";
import { DISPLAY_NAME_MISSING_CODE } from "~/features/auth/email-verification";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createClient } from "../support/test-app";
import { testAppForFile } from "../support/test-app-for-file";
import { verifyEmailThroughOutbox } from "../support/verify-email";

/**
 * Issue 33, public identity: the name others see is the chosen display name ('Léa B.' with a
 * last name on file), in pages, threads and every e-mail; never the generated handle, the
 * full last name or the address.
 */
const ctx = testAppForFile();
const uniq = () => Math.random().toString(36).slice(2, 10);
/** What a reader sees of a page: its text, without scripts (the handle stays in links and data). */
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
const userRow = async (id: string) => (await ctx.t.db.select().from(user).where(eq(user.id, id)))[0];

describe(`display names at sign-up (${process.env.TEST_DB_ENGINE})`, () => {
  it("sign-up needs a display name, refuses markup, addresses and reserved names in French, and stores it cleaned", async () => {
    const client = createClient(ctx.app.url);
    const refused: [unknown, string][] = [
      [undefined, DISPLAY_NAME_MESSAGES.required],
      ["", DISPLAY_NAME_MESSAGES.required],
      ["<b>Léa</b>", DISPLAY_NAME_MESSAGES.characters],
      ["lea@exemple.fr", DISPLAY_NAME_MESSAGES.email],
      ["06 12 34 56 78", DISPLAY_NAME_MESSAGES.phone],
      ["Modérateur", DISPLAY_NAME_MESSAGES.reserved],
      [42, DISPLAY_NAME_MESSAGES.required],
    ];
    for (const [displayName, message] of refused) {
      const email = `refus.${uniq()}@exemple.fr`;
      const response = await client.request("/api/auth/sign-up/email", {
        method: "POST",
        json: { email, password: "motdepasse-1", name: "x", displayName },
      });
      expect(response.status, String(displayName)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
      expect(await ctx.t.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    }
    const { user: created } = await client.signUp(`lea.${uniq()}@exemple.fr`, "motdepasse-1", " Lé\u200ba  Marie ");
    const row = await userRow(created.id);
    expect(row).toMatchObject({ displayName: "Léa Marie", name: "Léa Marie" });
    expect(row?.username).toMatch(/^[A-Za-z0-9]{10}$/);
  });

  it("the sign-up's name never carries the e-mail's local part", async () => {
    const client = createClient(ctx.app.url);
    const email = `jean.dupont.${uniq()}@exemple.fr`;
    const response = await client.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { email, password: "motdepasse-1", name: email.split("@")[0], displayName: "Jean" },
    });
    expect(response.status).toBe(200);
    expect((await ctx.t.db.select().from(user).where(eq(user.email, email)))[0]?.name).toBe("Jean");
  });
});

describe(`what buyers and sellers see (${process.env.TEST_DB_ENGINE})`, () => {
  it("listing, profile, thread and e-mails name people 'Léa B.', never by handle, last name or address", async () => {
    const seller = await insertUser(ctx.t.db, { displayName: "Camille", firstname: "Camille", lastname: "Durand" });
    const listing = await insertListing(ctx.t.db, seller.id, { status: "published" });
    const buyer = createClient(ctx.app.url);
    const buyerEmail = `acheteuse.${uniq()}@exemple.fr`;
    const { user: created } = await buyer.signUp(buyerEmail, "motdepasse-1", "Léa");
    await verifyEmailThroughOutbox(ctx.t, buyer, buyerEmail);
    const personal = await buyer.request("/personal-info", {
      method: "POST",
      form: { intent: "private", firstname: "Léa", lastname: "Bernard", phoneNumber: "" },
    });
    expect(personal.status).toBe(200);
    const buyerHandle = (await userRow(created.id))!.username!;

    const canonical = (await buyer.request(`/annonce/${listing.id}`)).headers.get("location")!;
    const html = await (await buyer.request(canonical)).text();
    expect(visibleText(html)).toContain("Camille D.");
    expect(visibleText(html)).not.toContain(seller.username);
    expect(html).not.toContain("Durand");

    const profile = await (await buyer.request(`/profile/${seller.username}`)).text();
    expect(profile).toMatch(/<h1[^>]*>Camille D\.<\/h1>/);

    const opened = await buyer.request(`/api/listings/${listing.id}/conversation`, { method: "POST" });
    expect(opened.status).toBe(201);
    const { id: conversationId } = (await opened.json()) as { id: string };
    const sent = await buyer.request(`/api/conversations/${conversationId}/messages`, {
      method: "POST",
      json: { body: "Bonjour, la voiture est-elle disponible ?" },
    });
    expect(sent.status).toBe(201);

    const notification = async () =>
      (await ctx.t.db.select().from(outboxEmails)).find((m) => m.toAddress === seller.email && /vous a écrit/.test(m.textBody));
    await expect.poll(notification).toBeTruthy();
    const mail = await notification();
    expect(mail!.textBody).toContain("Bonjour Camille,");
    expect(mail!.textBody).toContain("Léa B. vous a écrit");
    for (const secret of [buyerHandle, "Bernard", buyerEmail, seller.username]) {
      expect(mail!.textBody).not.toContain(secret);
      expect(mail!.htmlBody).not.toContain(secret);
    }

    const seller2 = createClient(ctx.app.url);
    expect((await seller2.signIn(seller.email, seller.password)).status).toBe(200);
    const thread = await (await seller2.request(`/messages/${conversationId}`)).text();
    expect(visibleText(thread)).toContain("Léa B.");
    expect(thread).not.toContain(buyerHandle);
  });
});

describe(`accounts made before display names (${process.env.TEST_DB_ENGINE})`, () => {
  it("are asked for one before their first message, and the name is checked on the server", async () => {
    const seller = await insertUser(ctx.t.db);
    const listing = await insertListing(ctx.t.db, seller.id, { status: "published" });
    const older = await insertUser(ctx.t.db, { displayName: null });
    const client = createClient(ctx.app.url);
    expect((await client.signIn(older.email, older.password)).status).toBe(200);

    const refused = await client.request(`/api/listings/${listing.id}/conversation`, { method: "POST" });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe(DISPLAY_NAME_MISSING_CODE);

    const bad = await client.request("/api/auth/update-user", { method: "POST", json: { displayName: "<script>x</script>" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(DISPLAY_NAME_MESSAGES.characters);
    expect((await userRow(older.id))?.displayName).toBeNull();

    const named = await client.request("/api/auth/update-user", { method: "POST", json: { displayName: "  Jean-Luc " } });
    expect(named.status).toBe(200);
    expect(await userRow(older.id)).toMatchObject({ displayName: "Jean-Luc", name: "Jean-Luc" });
    const opened = await client.request(`/api/listings/${listing.id}/conversation`, { method: "POST" });
    expect(opened.status).toBe(201);
  });
});

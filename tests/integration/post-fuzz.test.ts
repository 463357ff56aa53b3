import { beforeAll, describe, expect, it } from "vitest";
import { formatFuzzReport, postRoutes, prepareFuzzFixtures, runPostFuzz, type FuzzFixtures, type FuzzSession } from "../support/post-fuzzer";
import { testAppForFile } from "../support/test-app-for-file";

/**
 * Issue 37, finding 2: a JSON, text/plain or malformed multipart body to a form route answered
 * 500. Now every route answers such a body 400 in French (an HTML page for pages, `{ error }`
 * for /api), before any action runs (server/request-guard.ts, decision 0028).
 */
const engine = process.env.TEST_DB_ENGINE ?? "pglite";
const ctx = testAppForFile();
let fixtures: FuzzFixtures;
beforeAll(async () => {
  fixtures = await prepareFuzzFixtures({ baseUrl: ctx.app.url, db: ctx.t.db });
});

const session = (label: string): FuzzSession => fixtures.sessions.find((s) => s.label === label)!;

async function post(pathname: string, options: { as?: string; type?: string; body?: string | Buffer; accept?: string }) {
  const headers: Record<string, string> = { origin: ctx.app.url };
  if (options.type) headers["content-type"] = options.type;
  if (options.accept) headers.accept = options.accept;
  const cookie = session(options.as ?? "anonyme").cookie;
  if (cookie) headers.cookie = cookie;
  const body = options.body === undefined ? undefined : new Uint8Array(Buffer.from(options.body));
  return fetch(ctx.app.url + pathname, { method: "POST", headers, body, redirect: "manual" });
}

const BOUNDARY = "----occazio37";
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const WHOLE = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\ndelete\r\n--${BOUNDARY}--\r\n`;
/** Cut before its closing boundary, as a dropped upload or a hand-written client leaves it. */
const TRUNCATED = WHOLE.slice(0, 60);

async function expectFrenchPage(response: Response, what: string) {
  expect(response.status, what).toBe(400);
  expect(response.headers.get("content-type"), what).toContain("text/html");
  const html = await response.text();
  expect(html, what).toContain('<html lang="fr">');
  expect(html, what).toMatch(/Requête invalide : (le type de contenu|le contenu ne peut pas être lu)/);
}

describe(`form routes refuse what is not a form with a French 400, never a 500 (${engine})`, () => {
  it("JSON and text/plain to the pages' actions, anonymously and signed in: a French page", async () => {
    const cases: [string, string | undefined][] = [
      ["/publish", undefined],
      ["/recherches", undefined],
      ["/messages", undefined],
      [`/messages/${fixtures.conversationId}`, undefined],
      ["/recherches", "acheteur"],
      ["/account/notifications", "vendeur"],
      ["/personal-info", "vendeur"],
      ["/hosting", "vendeur"],
      [`/edit-annonce/${fixtures.listingId}`, "vendeur"],
    ];
    for (const [pathname, as] of cases) {
      const json = await post(pathname, { as, type: "application/json", body: JSON.stringify({ intent: "delete", id: "x" }) });
      await expectFrenchPage(json, `JSON ${pathname} ${as ?? "anonyme"}`);
      const text = await post(pathname, { as, type: "text/plain;charset=UTF-8", body: "intent=archive&id=1" });
      await expectFrenchPage(text, `text/plain ${pathname} ${as ?? "anonyme"}`);
    }
  });

  it("a truncated multipart body, a wrong or missing boundary, or no body at all: a French page", async () => {
    const cases: [string, string][] = [
      ["/publish", "vendeur"],
      ["/hosting", "vendeur"],
      ["/account", "vendeur"],
      ["/moderation", "modérateur"],
      [`/messages/${fixtures.conversationId}`, "acheteur"],
      ["/recherches", "anonyme"],
    ];
    for (const [pathname, as] of cases) {
      await expectFrenchPage(await post(pathname, { as, type: MULTIPART, body: TRUNCATED }), `tronqué ${pathname}`);
      await expectFrenchPage(await post(pathname, { as, type: "multipart/form-data; boundary=autre", body: WHOLE }), `frontière ${pathname}`);
      await expectFrenchPage(await post(pathname, { as, type: "multipart/form-data", body: WHOLE }), `sans frontière ${pathname}`);
      await expectFrenchPage(await post(pathname, { as }), `sans corps ${pathname}`);
    }
    // The same well-formed body still reaches the action.
    const whole = await post("/recherches", { as: "acheteur", type: MULTIPART, body: WHOLE });
    expect(whole.status).toBe(404);
  });

  it("/api routes answer { error } in French: a malformed multipart message, a form to Better Auth", async () => {
    const message = await post(`/api/conversations/${fixtures.conversationId}/messages`, { as: "acheteur", type: MULTIPART, body: TRUNCATED });
    expect(message.status).toBe(400);
    expect(await message.json()).toMatchObject({ error: "Requête invalide : le contenu ne peut pas être lu." });
    // Better Auth's own answer would be an English 415.
    const auth = await post("/api/auth/update-user", { as: "vendeur", type: "application/x-www-form-urlencoded", body: "name=Zo%C3%A9" });
    expect(auth.status).toBe(400);
    expect(await auth.json()).toMatchObject({ error: expect.stringContaining("type de contenu") as string });
  });
});

describe(`POST fuzzer over every route (${engine})`, () => {
  it("answers every fuzzed body without a 5xx or a dropped connection", async () => {
    const count = Number(process.env.FUZZ_POST_COUNT ?? 400);
    const seed = Number(process.env.FUZZ_SEED ?? 37);
    const routes = postRoutes();
    // Every route of app/routes.ts is in the draw, with its action when it has one.
    expect(routes.filter((r) => r.hasAction).map((r) => r.pattern)).toEqual(
      expect.arrayContaining(["publish", "recherches", "messages", "messages/:id", "api/conversations/:id/messages", "api/auth/sign-in/email"]),
    );
    const report = await runPostFuzz({ baseUrl: ctx.app.url, seed, count, fixtures, routes });
    expect(report.failures, formatFuzzReport(report)).toEqual([]);
    // The bodies were not all refused at the door: some reached the actions and were accepted.
    const accepted = [...report.byStatus].filter(([status]) => status >= 200 && status < 400).reduce((n, [, c]) => n + c, 0);
    expect(accepted).toBeGreaterThan(0);
  }, 90_000);
});

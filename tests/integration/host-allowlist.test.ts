import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxEmails } from "~/db/schema";
import { insertUser } from "~/testing/inserters.server";
import { startTestApp, type TestApp } from "../support/test-app";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Issue 37, finding 5: DNS rebinding. A page on a name that rebinds to 127.0.0.1 sends
 * `Host: <its name>` and an Origin equal to it; before, the server answered it like its own
 * site (the outbox with its reset links, a reset triggered). Now only PUBLIC_URL's host, the
 * loopback names and ALLOWED_HOSTS are served; any other Host gets 421 (server/host-guard.ts).
 */
const engine = process.env.TEST_DB_ENGINE ?? "pglite";
let t: TestDatabase;
let app: TestApp;
beforeAll(async () => {
  t = await createTestDatabase();
  app = await startTestApp({ db: t, env: { ALLOWED_HOSTS: "occazio.lan, interne.exemple:8080" } });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

/** A request to the app's socket with the Host header of our choosing (fetch cannot set one). */
function request(options: { host: string; path: string; method?: string; headers?: Record<string, string>; body?: string; port?: number }) {
  return new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
    const body = options.body === undefined ? undefined : Buffer.from(options.body);
    const req = http.request({
      host: "127.0.0.1",
      port: options.port ?? app.port,
      path: options.path,
      method: options.method ?? "GET",
      headers: { ...options.headers, host: options.host, ...(body ? { "content-length": String(body.length) } : {}) },
    });
    req.on("response", (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** The status line answered to a request written by hand. */
function rawStatusLine(raw: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(app.port, "127.0.0.1", () => socket.end(raw));
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
    socket.on("close", () => resolve(text.split("\r\n")[0] ?? ""));
    socket.on("error", reject);
  });
}

const REBINDING = () => `rebind.attaquant.example:${app.port}`;

/** What the attacker's page sends: its own name as Host and as Origin. */
function resetRequest(host: string, email: string) {
  return request({
    host,
    path: "/api/auth/request-password-reset",
    method: "POST",
    headers: { origin: `http://${host}`, "content-type": "application/json" },
    body: JSON.stringify({ email, redirectTo: "/reinitialiser-mot-de-passe" }),
  });
}

async function resetEmailsTo(email: string) {
  return (await t.db.select().from(outboxEmails)).filter((m) => m.toAddress === email);
}

describe(`only the site's own host names are served (DNS rebinding, ${engine})`, () => {
  it("a rebinding name gets 421 for the outbox and a reset, before any route or the CSRF check", async () => {
    const victim = await insertUser(t.db);
    const reset = await resetRequest(REBINDING(), victim.email);
    expect(reset.status).toBe(421);
    expect(reset.text).toContain("hôte non reconnu");
    expect(await resetEmailsTo(victim.email)).toEqual([]);

    // The operator's own reset (a loopback name) is sent, and sits in the outbox…
    expect((await resetRequest(`127.0.0.1:${app.port}`, victim.email)).status).toBe(200);
    expect(await resetEmailsTo(victim.email)).toHaveLength(1);
    const own = await request({ host: `127.0.0.1:${app.port}`, path: "/dev/outbox" });
    expect(own.status).toBe(200);
    expect(own.text).toContain("reset-password");
    // …which the rebinding page cannot read.
    const outbox = await request({ host: REBINDING(), path: "/dev/outbox" });
    expect(outbox.status).toBe(421);
    expect(outbox.type).toContain("text/html");
    expect(outbox.text).toContain('<html lang="fr">');
    expect(outbox.text).toContain("hôte non reconnu");
    expect(outbox.text).not.toContain("reset-password");
    // API clients get the same refusal as { error }.
    const api = await request({ host: "autre.example", path: "/api/search/suggestions?q=peu" });
    expect(api.status).toBe(421);
    expect(JSON.parse(api.text)).toMatchObject({ error: expect.stringContaining("Nom d'hôte non reconnu") as string });
    // No Host at all is no name of ours either (an HTTP/1.0 request may omit it).
    expect(await rawStatusLine("GET /dev/outbox HTTP/1.0\r\n\r\n")).toBe("HTTP/1.1 421 Misdirected Request");
  });

  it("serves PUBLIC_URL's host, the loopback aliases on any port, and ALLOWED_HOSTS entries", async () => {
    for (const host of [`127.0.0.1:${app.port}`, `localhost:${app.port}`, `[::1]:${app.port}`, "localhost:3000", "LOCALHOST", "occazio.lan", "occazio.lan:4444", "interne.exemple:8080"]) {
      const answer = await request({ host, path: "/robots.txt" });
      expect(answer.status, host).toBe(200);
    }
    for (const host of ["interne.exemple:9090", "interne.exemple", "occazio.lan.attaquant.example", "127.0.0.1.nip.io", "localhost.attaquant.example"]) {
      expect((await request({ host, path: "/robots.txt" })).status, host).toBe(421);
    }
    const publicSite = await startTestApp({ db: t, env: { PUBLIC_URL: "https://occazio.example" } });
    try {
      for (const host of ["occazio.example", "occazio.example:443", "OCCAZIO.EXAMPLE"]) {
        expect((await request({ port: publicSite.port, host, path: "/robots.txt" })).status, host).toBe(200);
      }
      expect((await request({ port: publicSite.port, host: "occazio.example:8443", path: "/robots.txt" })).status).toBe(421);
      expect((await request({ port: publicSite.port, host: "www.occazio.example", path: "/robots.txt" })).status).toBe(421);
    } finally {
      await publicSite.close();
    }
  });

  it("lets load balancers probe /healthz and /readyz by any name, and nothing else", async () => {
    for (const path of ["/healthz", "/readyz"]) {
      const probe = await request({ host: "10.0.3.7:3000", path });
      expect(probe.status, path).toBe(200);
    }
    expect((await request({ host: "10.0.3.7:3000", path: "/healthz", method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" })).status).toBe(421);
    expect((await request({ host: "10.0.3.7:3000", path: "/home" })).status).toBe(421);
  });
});

import os from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.server";
import { DEFAULT_EMBEDDED_SHARED_BUFFERS, memorySizeKb } from "./config-schema.server";

describe("loadConfig", () => {
  it("uses the embedded default when nothing is set", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.isEmbedded).toBe(true);
    expect(config.DEMO_DATA).toBe(true);
    expect(config.PUBLIC_URL).toBe("http://localhost:3000");
  });

  it("refuses bad values with a message naming the variable", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "abc", DATABASE_URL: "mysql://x", DEMO_DATA: "peut-être" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const variables = (error as ConfigError).issues.map((i) => i.variable).sort();
    expect(variables).toEqual(["DATABASE_URL", "DEMO_DATA", "PORT"]);
    expect((error as Error).message).toContain("PORT");
  });

  it("reads DATABASE_REPLICA_URLS as a list on PostgreSQL, ignores it on the embedded default and refuses a non-PostgreSQL URL", () => {
    const config = loadConfig({
      NODE_ENV: "test",
      DATABASE_URL: "postgres://db/app",
      DATABASE_REPLICA_URLS: " postgres://r1:5432/app, postgresql://r2/app ,",
    });
    expect(config.replicaUrls).toEqual(["postgres://r1:5432/app", "postgresql://r2/app"]);
    expect(config.DATABASE_REPLICA_MAX_LAG_SECONDS).toBe(5);
    expect(config.replicasIgnoredReason).toBeNull();
    const embedded = loadConfig({ DATABASE_REPLICA_URLS: "postgres://r1/app" });
    expect(embedded.replicaUrls).toEqual([]);
    expect(embedded.replicasIgnoredReason).toMatch(/DATABASE_REPLICA_URLS ignoré/);
    expect(() => loadConfig({ NODE_ENV: "test", DATABASE_URL: "postgres://db/app", DATABASE_REPLICA_URLS: "mysql://r1/app" })).toThrow(
      /DATABASE_REPLICA_URLS/,
    );
  });

  it("reads ALLOWED_HOSTS as a list of names (name or name:port) and refuses a URL in it", () => {
    expect(loadConfig({}).allowedHosts).toEqual([]);
    expect(loadConfig({ ALLOWED_HOSTS: " www.Exemple.fr, 192.168.1.20:3000,[::1]:8080 " }).allowedHosts).toEqual([
      "www.exemple.fr",
      "192.168.1.20:3000",
      "[::1]:8080",
    ]);
    expect(() => loadConfig({ ALLOWED_HOSTS: "https://www.exemple.fr" })).toThrow(/ALLOWED_HOSTS/);
  });

  it("requires an auth secret for a production PostgreSQL deployment", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://db/app" })).toThrow(
      /BETTER_AUTH_SECRET/,
    );
    expect(
      loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://db/app", BETTER_AUTH_SECRET: "x".repeat(32) })
        .isEmbedded,
    ).toBe(false);
  });

  it("runs WEB_CONCURRENCY workers on PostgreSQL (default: the cores), one process on the embedded default, saying why", () => {
    const pg = { DATABASE_URL: "postgres://localhost/occazio", BETTER_AUTH_SECRET: "x".repeat(32) };
    expect(loadConfig(pg).workers).toBe(os.availableParallelism());
    expect(loadConfig({ ...pg, WEB_CONCURRENCY: "3" })).toMatchObject({ workers: 3, singleProcessReason: null });
    const embedded = loadConfig({ WEB_CONCURRENCY: "4" });
    expect(embedded.workers).toBe(1);
    expect(embedded.singleProcessReason).toMatch(/^WEB_CONCURRENCY ignoré : la base embarquée \(PGlite\)/);
    expect(loadConfig({}).singleProcessReason).toBeNull();
    expect(() => loadConfig({ ...pg, WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadConfig({ ...pg, REDIS_URL: "http://x" })).toThrow(/REDIS_URL/);
  });
  it("reads EMBEDDED_SHARED_BUFFERS as a PostgreSQL size with its unit, between 1MB and 1GB (decision 0057)", () => {
    expect(loadConfig({}).EMBEDDED_SHARED_BUFFERS).toBe(DEFAULT_EMBEDDED_SHARED_BUFFERS);
    expect(loadConfig({ EMBEDDED_SHARED_BUFFERS: " " }).EMBEDDED_SHARED_BUFFERS).toBe(DEFAULT_EMBEDDED_SHARED_BUFFERS);
    expect(loadConfig({ EMBEDDED_SHARED_BUFFERS: " 32MB " }).EMBEDDED_SHARED_BUFFERS).toBe("32MB");
    expect(loadConfig({ EMBEDDED_SHARED_BUFFERS: "4096kB" }).EMBEDDED_SHARED_BUFFERS).toBe("4096kB");
    expect(loadConfig({ EMBEDDED_SHARED_BUFFERS: "1GB" }).EMBEDDED_SHARED_BUFFERS).toBe("1GB");
    for (const bad of ["16", "16mb", "16 MB", "512kB", "2GB", "-1MB", "beaucoup"]) {
      expect(() => loadConfig({ EMBEDDED_SHARED_BUFFERS: bad }), bad).toThrow(/EMBEDDED_SHARED_BUFFERS/);
    }
    expect(memorySizeKb("16MB")).toBe(16 * 1024);
    expect(memorySizeKb("1GB")).toBe(1024 * 1024);
    expect(memorySizeKb("16")).toBeNull();
  });
});

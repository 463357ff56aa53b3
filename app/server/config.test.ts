import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.server";

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

  it("requires an auth secret for a production PostgreSQL deployment", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://db/app" })).toThrow(
      /BETTER_AUTH_SECRET/,
    );
    expect(
      loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://db/app", BETTER_AUTH_SECRET: "x".repeat(32) })
        .isEmbedded,
    ).toBe(false);
  });
});

import { defineConfig } from "vitest/config";

const alias = { "~": new URL("./app", import.meta.url).pathname };
const integration = (name: string, engine: "pglite" | "postgres") => ({
  resolve: { alias },
  test: {
    name,
    include: ["tests/integration/**/*.test.ts"],
    env: { TEST_DB_ENGINE: engine },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

/**
 * unit: pure code. integration: services against a real database, on PGlite always and on
 * PostgreSQL too when DATABASE_URL is set (each test file gets its own fresh database).
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.ts"] },
      },
      integration("integration-pglite", "pglite"),
      ...(process.env.DATABASE_URL ? [integration("integration-postgres", "postgres")] : []),
    ],
  },
});

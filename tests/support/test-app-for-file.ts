import { afterAll, beforeAll } from "vitest";
import { startTestApp, type TestApp } from "./test-app";
import { createTestDatabase, type TestDatabase } from "./test-db";

export interface TestAppContext {
  /** The file's test database (PGlite, or PostgreSQL when DATABASE_URL is set). */
  t: TestDatabase;
  /** The real HTTP app over it. */
  app: TestApp;
}

/**
 * The HTTP integration tests' set-up, written once: a fresh test database (with the postal-code
 * reference when `withPlaces`) and the app over it,
 * started before the file's tests and closed after them. Read `ctx.t` and `ctx.app` inside
 * tests (they exist once `beforeAll` has run).
 */
export function testAppForFile(options: { withPlaces?: boolean } = {}): TestAppContext {
  const ctx = {} as TestAppContext;
  beforeAll(async () => {
    ctx.t = await createTestDatabase(options);
    ctx.app = await startTestApp({ db: ctx.t });
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.t?.close();
  });
  return ctx;
}

// Config read only by the Better Auth CLI to generate app/db/auth-schema.ts
// (`npm run auth:schema`). The runtime builds its own instance in server/main.ts.
import { drizzle } from "drizzle-orm/node-postgres";
import { createAuth } from "../app/features/auth/auth.server";
import type { Database } from "../app/db/client.server";

export const auth = createAuth({
  db: drizzle.mock() as unknown as Database,
  baseURL: "http://localhost:3000",
  secret: "schema-generation-only-secret-0123456789",
});

// Grants or removes the moderator role: npm run user:role -- <email> moderator|user
// Works on the embedded default (refused while the server runs: PGlite is single-process)
// and on PostgreSQL when DATABASE_URL is set.
import "dotenv/config";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "../app/db/client.server";
import { user } from "../app/db/schema";
import { ConfigError, loadConfig } from "../app/server/config.server";
import { DataDirLockedError, lockDataDir } from "../app/server/data-dir-lock.server";

const [email, role] = process.argv.slice(2);
if (!email || (role !== "moderator" && role !== "user")) {
  console.error("Usage : npm run user:role -- <e-mail> moderator|user");
  process.exit(2);
}
try {
  const config = loadConfig();
  const lock = config.isEmbedded ? await lockDataDir(config.dataDir) : null;
  const handle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, "pg"),
    pgliteSharedBuffers: config.EMBEDDED_SHARED_BUFFERS,
  });
  try {
    const updated = await handle.db
      .update(user)
      .set({ role, updatedAt: new Date() })
      .where(eq(sql`lower(${user.email})`, email.toLowerCase()))
      .returning({ email: user.email, username: user.username });
    if (updated.length === 0) {
      console.error(`Aucun compte pour ${email}.`);
      process.exitCode = 1;
    } else {
      console.log(`${updated[0]!.email} (${updated[0]!.username}) a maintenant le rôle « ${role === "moderator" ? "modérateur" : "utilisateur"} ».`);
    }
  } finally {
    await handle.close();
    await lock?.release();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

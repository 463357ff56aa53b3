// Copies the photos of the disk storage (DATA_DIR/uploads, or --from <dir>) to the bucket
// named by STORAGE_URL: npm run storage:migrate [-- --from ./data/uploads]
// Idempotent and resumable: what the bucket already holds is skipped, so run it again after
// an interruption, and once more just before switching the server to STORAGE_URL.
import "dotenv/config";
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../app/server/config.server";
import { describeStorage } from "../app/server/storage-config";
import { migrateDiskPhotos } from "../app/server/storage-migrate.server";
import { openStorage } from "../app/server/storage.server";

const { values: args } = parseArgs({ options: { from: { type: "string" } } });

try {
  const config = loadConfig();
  if (config.storage.driver !== "s3") {
    console.error(
      "STORAGE_URL n'indique pas de bucket : définissez STORAGE_URL=s3://bucket?endpoint=…&region=… (voir README).",
    );
    process.exit(2);
  }
  const root = path.resolve(args.from ?? path.join(config.dataDir, "uploads"));
  const target = await openStorage({ settings: config.storage, dataDir: config.dataDir });
  await target.check();
  console.log(`Copie des photos de ${root} vers ${describeStorage(config.storage)}…`);
  const report = await migrateDiskPhotos({
    root,
    target,
    onProgress: (r) => console.log(`  … ${r.copied + r.skipped + r.failed} / ${r.found}`),
  });
  console.log(
    `Photos trouvées : ${report.found} · copiées : ${report.copied} (${(report.copiedBytes / 1024 / 1024).toFixed(1)} Mo) · ` +
      `déjà présentes : ${report.skipped} · échecs : ${report.failed}`,
  );
  for (const failure of report.failures) console.error(`  échec ${failure.key} : ${failure.reason}`);
  if (report.failed > 0) {
    console.error("Relancez la commande : seules les photos manquantes seront copiées.");
    process.exitCode = 1;
  }
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(`Migration interrompue : ${(error as Error).message}`);
  process.exit(1);
}

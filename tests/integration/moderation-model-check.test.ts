import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listModerationQueue } from "~/features/moderation/list-moderation-queue.server";
import { createLocalStorage } from "~/server/storage.server";
import { insertListing, insertUser } from "~/testing/inserters.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
const storage = createLocalStorage(path.join(os.tmpdir(), "occazio-moderation-model-tests"));

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

describe(`moderation quick check against the catalogue model (issue 17, ${process.env.TEST_DB_ENGINE})`, () => {
  it("flags a listing whose year, energy or body is outside its model, and not one that fits", async () => {
    const moderator = await insertUser(t.db, { role: "moderator" });
    const seller = await insertUser(t.db);
    const pending = { status: "pending" as const, publishedAt: null };
    const van = await insertListing(t.db, seller.id, {
      ...pending,
      brand: "Volkswagen",
      model: "Crafter",
      year: 2020,
      fuel: "Hybride",
      vehicleType: "Berline",
    });
    const old = await insertListing(t.db, seller.id, { ...pending, brand: "Peugeot", model: "806", year: 2025, fuel: "Diesel", vehicleType: "Monospace" });
    const lotus = await insertListing(t.db, seller.id, { ...pending, brand: "Lotus", model: "Eletre", year: 2024, fuel: "Diesel", vehicleType: "SUV" });
    const fits = await insertListing(t.db, seller.id, { ...pending, brand: "Renault", model: "Clio", year: 2019, fuel: "Essence", vehicleType: "Citadine" });
    const unknown = await insertListing(t.db, seller.id, { ...pending, brand: "Trabant", model: "601", year: 1985, fuel: "Essence", vehicleType: "Berline" });

    const queue = await listModerationQueue({ db: t.db, storage, viewer: { id: moderator.id, role: "moderator" } });
    const mismatches = (id: string) => queue.items.find((item) => item.id === id)?.checks.modelMismatches;
    expect(mismatches(van.id)).toEqual([
      "Énergie « Hybride » jamais proposée sur la Volkswagen Crafter (Diesel).",
      "Type « Berline » inhabituel pour la Volkswagen Crafter (Utilitaire).",
    ]);
    expect(mismatches(old.id)).toEqual(["Année 2025 hors production de la Peugeot 806 (1994–2002)."]);
    expect(mismatches(lotus.id)).toEqual(["Énergie « Diesel » jamais proposée sur la Lotus Eletre (Electrique)."]);
    expect(mismatches(fits.id)).toEqual([]);
    expect(mismatches(unknown.id)).toEqual([]);
  });
});

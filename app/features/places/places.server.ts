import { createHash } from "node:crypto";
import fs from "node:fs";
import { asc, eq, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "~/db/client.server";
import { appMeta, places } from "~/db/schema";
import { placeLabel, townName, type PlaceSuggestion } from "./postal-code";
import { postalCodeSchema } from "./postal-code-schema";

export const PLACES_META_KEY = "places_reference_sha256";

/**
 * Suggestions for a postal code from the reference table (spec §4: typing 5 digits looks
 * the code up). Anything that is not 5 digits gives an empty list, never an error.
 */
export async function lookupPostalCode(options: { db: DbExecutor; postalCode: string }): Promise<PlaceSuggestion[]> {
  const parsed = postalCodeSchema.safeParse(options.postalCode);
  if (!parsed.success) return [];
  const rows = await options.db
    .select({
      city: places.city,
      postalCode: places.postalCode,
      latitude: places.latitude,
      longitude: places.longitude,
    })
    .from(places)
    .where(eq(places.postalCode, parsed.data))
    .orderBy(asc(places.city), asc(places.id));
  const seen = new Set<string>();
  return rows.filter((row) => {
    const label = placeLabel(row);
    if (seen.has(label)) return false;
    seen.add(label);
    return true;
  });
}

/**
 * Coordinates of a postal code, for radius search and geocoding: the commune `city` names
 * (arrondissements count as their town: "Lyon" is "Lyon 3e" in 69003) when it has that code,
 * else the code's first commune.
 */
export async function locatePostalCode(options: {
  db: DbExecutor;
  postalCode: string;
  city?: string;
}): Promise<{ latitude: number; longitude: number } | null> {
  const rows = await lookupPostalCode(options);
  const town = options.city;
  const chosen = (town ? rows.find((row) => row.city === town || townName(row.city) === town) : undefined) ?? rows[0];
  return chosen ? { latitude: chosen.latitude, longitude: chosen.longitude } : null;
}

interface PlaceRow {
  postalCode: string;
  inseeCode: string;
  city: string;
  locality: string | null;
  latitude: number;
  longitude: number;
}

export function parsePlacesCsv(content: string): PlaceRow[] {
  const lines = content.split(/\r?\n/).filter((line) => line.length > 0);
  const header = lines.shift();
  if (header !== "postal_code;insee_code;city;locality;latitude;longitude") {
    throw new Error(`En-tête inattendu dans le fichier des lieux : ${header}`);
  }
  return lines.map((line, index) => {
    const [postalCode, inseeCode, city, locality, latitude, longitude] = line.split(";");
    const row = {
      postalCode: postalCode ?? "",
      inseeCode: inseeCode ?? "",
      city: city ?? "",
      locality: locality ? locality : null,
      latitude: Number(latitude),
      longitude: Number(longitude),
    };
    if (
      !/^\d{5}$/.test(row.postalCode) ||
      !row.city ||
      !Number.isFinite(row.latitude) ||
      !Number.isFinite(row.longitude)
    ) {
      throw new Error(`Ligne ${index + 2} invalide dans le fichier des lieux : ${line}`);
    }
    return row;
  });
}

/**
 * Loads reference/places.csv into `places` when the table is empty or the file changed
 * (its SHA-256 is kept in app_meta), in one transaction.
 */
/** Advisory lock held while the reference places are (re)loaded: "places" in ASCII. */
const PLACES_LOAD_LOCK_KEY = 0x706c61636573;

export async function ensurePlacesLoaded(options: {
  db: Database;
  csvPath: string;
}): Promise<{ loaded: boolean; rows: number }> {
  const content = fs.readFileSync(options.csvPath, "utf8");
  const hash = createHash("sha256").update(content).digest("hex");
  const [current] = await options.db.select().from(appMeta).where(eq(appMeta.key, PLACES_META_KEY));
  if (current?.value === hash) return { loaded: false, rows: 0 };
  const rows = parsePlacesCsv(content);
  const loaded = await options.db.transaction(async (tx) => {
    // Processes started together (replicas on an empty database) load the file once: the
    // others wait here, then find the hash written (decision 0036).
    await tx.execute(sql`select pg_advisory_xact_lock(${PLACES_LOAD_LOCK_KEY})`);
    const [again] = await tx.select().from(appMeta).where(eq(appMeta.key, PLACES_META_KEY));
    if (again?.value === hash) return false;
    await tx.delete(places);
    const batchSize = 2_000;
    for (let i = 0; i < rows.length; i += batchSize) {
      await tx.insert(places).values(rows.slice(i, i + batchSize));
    }
    await tx
      .insert(appMeta)
      .values({ key: PLACES_META_KEY, value: hash })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: hash, updatedAt: sql`now()` } });
    return true;
  });
  return loaded ? { loaded: true, rows: rows.length } : { loaded: false, rows: 0 };
}

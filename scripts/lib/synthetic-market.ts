import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { CATALOGUE } from "~/features/catalogue/catalogue-data";

/**
 * The synthetic market of the pricing benchmarks (bench:pricing, bench:refit-event-loop),
 * generated in SQL: 600 models of the catalogue with a base price each, a Zipf-like popularity
 * (slot = floor(600 · u³)), ages of 1–15 years, mileage growing with age, three fuels and two
 * gearboxes, and a known price curve (−8 %/year, −2 % per 10 000 km, +5 % Diesel, 12 % noise),
 * all in Lyon, published over the last 90 days, owned by one 'bench-seller' account.
 */

/** The lookup table of the 600 models and the seller account. */
export async function createSyntheticMarketTables(db: Database): Promise<void> {
  const models = CATALOGUE.flatMap((b) => b.models.map((m) => ({ brand: b.name, model: m }))).slice(0, 600);
  await db.execute(sql`create table bench_model (slot int primary key, brand text, model text, p0 float8)`);
  await db.execute(sql`insert into bench_model
    select i - 1, b, m, 9000 + (abs(hashtext(b || m)) % 30000)
    from unnest(${sql.param(models.map((m) => m.brand))}::text[], ${sql.param(models.map((m) => m.model))}::text[]) with ordinality as t(b, m, i)`);
  await db.execute(sql`insert into "user" (id, name, email, email_verified, username, created_at, updated_at)
    values ('bench-seller', 'Vendeur', 'vendeur@bench.invalid', true, 'benchseller', now(), now())`);
}

/** Inserts `rows` published listings of the market, `batch` per statement (the tables must exist). */
export async function insertSyntheticListings(db: Database, rows: number, batch: number): Promise<void> {
  for (let from = 1; from <= rows; from += batch) {
    const to = Math.min(rows, from + batch - 1);
    await db.execute(sql`
      insert into listings (owner_id, status, draft_step, brand, model, year, fuel, gearbox, mileage, price,
                            city, postal_code, latitude, longitude, published_at)
      select 'bench-seller', 'published', 8, m.brand, m.model, v.year, v.fuel, v.gearbox, v.mileage,
        greatest(300, round(m.p0 * exp(-0.08 * v.age - 0.02 * v.mileage / 10000.0 + case when v.fuel = 'Diesel' then 0.05 else 0 end
          + 0.12 * sqrt(-2 * ln(greatest(s.n1, 1e-12))) * cos(2 * pi() * s.n2)) / 50) * 50)::int,
        'Lyon', '69001', 45.76, 4.83, now() - (s.r_pub * interval '90 days')
      from (select g, random() r_model, random() r_age, random() r_km, random() r_fuel, random() r_box,
                   random() n1, random() n2, random() r_pub from generate_series(${from}::int, ${to}::int) g) s
      join bench_model m on m.slot = least(599, floor(600 * power(s.r_model, 3))::int)
      cross join lateral (select 1 + floor(s.r_age * 15)::int as age) a
      cross join lateral (
        select extract(year from now())::int - a.age as year, a.age,
          (round(a.age * (6000 + s.r_km * 14000) / 100) * 100)::int as mileage,
          case when s.r_fuel < 0.45 then 'Diesel' when s.r_fuel < 0.9 then 'Essence' else 'Hybride' end as fuel,
          case when s.r_box < 0.7 then 'Manuelle' else 'Automatique' end as gearbox) v`);
  }
}

ALTER TABLE "saved_searches" DROP COLUMN "brand";--> statement-breakpoint
ALTER TABLE "saved_searches" DROP COLUMN "model";--> statement-breakpoint
-- Hand-written (decision 0019, geographic keys): the stored "brand|model" keys become
-- "brand|model|cell", one per 1° cell the radius circle's bounding box touches ('*' without a
-- place, or for a box spanning every longitude or more than 400 cells), exactly as
-- app/features/saved-searches/saved-search-columns.server.ts computes them for new searches.
UPDATE "saved_searches" s SET "match_keys" = coalesce((
  SELECT array_agg(k.key || '|' || c.cell)
  FROM unnest(s.match_keys) AS k(key),
  LATERAL (
    SELECT '*' AS cell
    WHERE s.latitude IS NULL
      OR s.max_longitude - s.min_longitude >= 360
      OR (floor(s.max_latitude) - floor(s.min_latitude) + 1) * (floor(s.max_longitude) - floor(s.min_longitude) + 1) > 400
    UNION ALL
    SELECT la || ':' || ((((lo + 180) % 360) + 360) % 360 - 180)
    FROM generate_series(floor(s.min_latitude)::int, floor(s.max_latitude)::int) AS la,
      generate_series(floor(s.min_longitude)::int, floor(s.max_longitude)::int) AS lo
    WHERE s.latitude IS NOT NULL
      AND s.max_longitude - s.min_longitude < 360
      AND (floor(s.max_latitude) - floor(s.min_latitude) + 1) * (floor(s.max_longitude) - floor(s.min_longitude) + 1) <= 400
  ) AS c
), '{}');

-- Hand-written (issue 37, decision 0029): the accounts a saved-search alert leaves out
-- ('Alertes de recherche' off, or suspended), as a partial index of their ids. The match
-- (app/features/saved-searches/match-saved-searches.server.ts) anti-joins on exactly this
-- predicate, so PostgreSQL reads this small index instead of every account's row (25 000 at
-- the benchmark's scale) for each published listing. Not in app/db/auth-schema.ts, which the
-- auth library's CLI regenerates; keep the predicate identical to the match's NOT EXISTS.
CREATE INDEX "user_search_alerts_excluded_idx" ON "user" ("id") WHERE "notify_search_alerts" = false OR "suspended_at" IS NOT NULL;
--> statement-breakpoint
-- Hand-written (issue 37, decision 0029): the stored "brand|model|cell" keys become
-- "brand|model|fuel|cell", one per allowed fuel ('*' without one; `fuel` and `energies` both
-- set allow their intersection, possibly none), exactly as
-- app/features/saved-searches/saved-search-columns.server.ts computes them for new searches.
UPDATE "saved_searches" s SET "match_keys" = coalesce((
  SELECT array_agg(split_part(k.key, '|', 1) || '|' || split_part(k.key, '|', 2) || '|' || f.fuel || '|' || split_part(k.key, '|', 3))
  FROM unnest(s.match_keys) AS k(key),
  unnest(CASE
    WHEN s.fuel IS NOT NULL AND s.energies IS NOT NULL THEN CASE WHEN s.fuel = ANY (s.energies) THEN ARRAY[s.fuel] ELSE '{}'::text[] END
    WHEN s.fuel IS NOT NULL THEN ARRAY[s.fuel]
    WHEN s.energies IS NOT NULL THEN s.energies
    ELSE ARRAY['*']
  END) AS f(fuel)
), '{}');

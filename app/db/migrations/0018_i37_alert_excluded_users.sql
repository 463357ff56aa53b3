-- Hand-written (issue 37, decision 0029): the accounts a saved-search alert leaves out
-- ('Alertes de recherche' off, or suspended), as a partial index of their ids. The match
-- (app/features/saved-searches/match-saved-searches.server.ts) anti-joins on exactly this
-- predicate, so PostgreSQL reads this small index instead of every account's row (25 000 at
-- the benchmark's scale) for each published listing. Not in app/db/auth-schema.ts, which the
-- auth library's CLI regenerates; keep the predicate identical to the match's NOT EXISTS.
CREATE INDEX "user_search_alerts_excluded_idx" ON "user" ("id") WHERE "notify_search_alerts" = false OR "suspended_at" IS NOT NULL;

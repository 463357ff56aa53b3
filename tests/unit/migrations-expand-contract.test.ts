import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "~/db/client.server";

/**
 * Decision 0036 (expand/contract): during a rolling deploy the previous release's processes
 * keep running against the new schema, so a release's migrations only add. Whatever removes
 * or renames what the previous release reads or writes (a table, a column, a type change, a
 * new NOT NULL column without a default) belongs to the release after the one that stopped
 * using it, and says so on the line before: `-- contract: <what no longer uses it>`.
 * Migrations released before the rule are listed once, below.
 */
const RELEASED_BEFORE_THE_RULE = new Set([
  "0006_listing_counters_and_option_ranges.sql",
  "0015_f3_saved_search_geo_keys.sql",
]);

const BREAKING: { name: string; pattern: RegExp }[] = [
  { name: "DROP TABLE", pattern: /\bDROP\s+TABLE\b/i },
  { name: "DROP COLUMN", pattern: /\bDROP\s+COLUMN\b/i },
  { name: "RENAME", pattern: /\bRENAME\b/i },
  { name: "changement de type", pattern: /\bALTER\s+COLUMN\s+\S+\s+(SET\s+DATA\s+)?TYPE\b/i },
  { name: "SET NOT NULL", pattern: /\bSET\s+NOT\s+NULL\b/i },
  {
    name: "colonne NOT NULL sans valeur par défaut",
    pattern: /\bADD\s+COLUMN\b(?![^;]*\bDEFAULT\b)[^;]*\bNOT\s+NULL\b/i,
  },
];

/** The breaking statements of a migration that no `-- contract:` line justifies. */
function unjustifiedBreakingStatements(sql: string): string[] {
  const found: string[] = [];
  const statements = sql.split(/-->\s*statement-breakpoint/);
  for (const statement of statements) {
    const code = statement
      .split("\n")
      .filter((line) => !line.trim().startsWith("--"))
      .join("\n");
    const justified = /^\s*--\s*contract:\s*\S/m.test(statement);
    for (const rule of BREAKING) {
      if (rule.pattern.test(code) && !justified) found.push(`${rule.name} : ${code.trim().split("\n")[0]}`);
    }
  }
  return found;
}

describe("migrations only expand (decision 0036)", () => {
  const files = fs.readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith(".sql"));

  it("reads every migration of the journal", () => {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as {
      entries: { tag: string }[];
    };
    expect(files.sort()).toEqual(journal.entries.map((entry) => `${entry.tag}.sql`).sort());
  });

  it.each(files.filter((file) => !RELEASED_BEFORE_THE_RULE.has(file)))(
    "%s removes or renames nothing without a '-- contract:' line",
    (file) => {
      expect(unjustifiedBreakingStatements(fs.readFileSync(path.join(MIGRATIONS_DIR, file), "utf8"))).toEqual([]);
    },
  );

  it("catches each kind of breaking statement, and accepts it once justified", () => {
    const cases = [
      'ALTER TABLE "listings" DROP COLUMN "brand";',
      'DROP TABLE "favorites";',
      'ALTER TABLE "listings" RENAME COLUMN "brand" TO "make";',
      'ALTER TABLE "listings" ALTER COLUMN "price" SET DATA TYPE bigint;',
      'ALTER TABLE "listings" ALTER COLUMN "price" TYPE bigint;',
      'ALTER TABLE "listings" ALTER COLUMN "city" SET NOT NULL;',
      'ALTER TABLE "listings" ADD COLUMN "vin" text NOT NULL;',
    ];
    for (const statement of cases) {
      expect(unjustifiedBreakingStatements(statement), statement).toHaveLength(1);
      expect(
        unjustifiedBreakingStatements(`-- contract: no release reads it since 0.9\n${statement}`),
        statement,
      ).toEqual([]);
    }
    // Adding is always fine.
    expect(
      unjustifiedBreakingStatements('ALTER TABLE "listings" ADD COLUMN "vin" text DEFAULT \'\' NOT NULL;'),
    ).toEqual([]);
    expect(unjustifiedBreakingStatements('ALTER TABLE "listings" ADD COLUMN "vin" text;')).toEqual([]);
    expect(unjustifiedBreakingStatements('CREATE INDEX "x" ON "listings" ("vin");')).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { feedRunSummary, runCountsText } from "./stock-feed-view";

const run = { status: "done" as const, created: 0, updated: 1, unchanged: 25, withdrawn: 1, rejected: 3 };

describe("a run's counts in words", () => {
  it("lists every count of a past run, withdrawals included, singular up to one", () => {
    expect(runCountsText(run)).toBe("0 créée, 1 mise à jour, 25 inchangées, 1 retirée, 3 refusées");
    expect(runCountsText({ ...run, created: 27, updated: 0, unchanged: 0, withdrawn: 0 })).toBe(
      "27 créées, 0 mise à jour, 0 inchangée, 0 retirée, 3 refusées",
    );
  });

  it("says only what a feed's run changed", () => {
    expect(feedRunSummary(run)).toBe("1 mise à jour, 1 retirée, 3 lignes refusées");
    expect(feedRunSummary({ ...run, updated: 0, withdrawn: 0, rejected: 0 })).toBe("aucun changement");
  });
});

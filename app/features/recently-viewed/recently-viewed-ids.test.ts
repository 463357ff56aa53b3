import { describe, expect, it } from "vitest";
import { REMEMBERED_KEY, REMEMBERED_LIMIT } from "./remember-view";
import { VISITOR_RECENT_KEY } from "./recently-viewed-limits";
import { parseRecentViews, RECENTLY_VIEWED_LIMIT, type RecentView } from "./recently-viewed-ids";

/** What the listing page does (remember-view.ts): prepends, and the reader sorts it out. */
const withRecentView = (views: RecentView[], id: string, at: number) => parseRecentViews([{ id, at }, ...views]);

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("'Vus récemment' as kept by a browser", () => {
  it("keeps valid views only, the latest time of each listing, newest first", () => {
    const views = parseRecentViews([
      { id: id(1), at: 100 },
      { id: "pas-un-uuid", at: 300 },
      { id: id(2), at: 200 },
      { id: id(1).toUpperCase(), at: 250 },
      { id: id(3), at: -5 },
      { id: id(4), at: Number.NaN },
      null,
      "texte",
    ]);
    expect(views).toEqual([
      { id: id(1), at: 250 },
      { id: id(2), at: 200 },
    ]);
    expect(parseRecentViews({ not: "a list" })).toEqual([]);
  });

  it(`a new view goes first, once, and the list keeps its ${RECENTLY_VIEWED_LIMIT} newest`, () => {
    let views = parseRecentViews([]);
    for (let n = 1; n <= RECENTLY_VIEWED_LIMIT + 3; n++) views = withRecentView(views, id(n), n);
    expect(views).toHaveLength(RECENTLY_VIEWED_LIMIT);
    expect(views[0]?.id).toBe(id(RECENTLY_VIEWED_LIMIT + 3));
    expect(views.at(-1)?.id).toBe(id(4));
    views = withRecentView(views, id(10), 1_000);
    expect(views[0]).toEqual({ id: id(10), at: 1_000 });
    expect(views.filter((v) => v.id === id(10))).toHaveLength(1);
  });
});

it("the listing page writes the list where and as long as its readers expect", () => {
  expect(REMEMBERED_KEY).toBe(VISITOR_RECENT_KEY);
  expect(REMEMBERED_LIMIT).toBe(RECENTLY_VIEWED_LIMIT);
});

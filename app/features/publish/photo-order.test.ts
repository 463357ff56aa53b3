import { describe, expect, it } from "vitest";
import { moveAnnouncement, moveTo, restoreOrder, sameOrder, sameSet } from "./photo-order";

describe("photo order", () => {
  it("moves one photo forward, backward and first, clamped to the list", () => {
    expect(moveTo(["a", "b", "c", "d"], 2, 1)).toEqual(["a", "c", "b", "d"]);
    expect(moveTo(["a", "b", "c", "d"], 1, 2)).toEqual(["a", "c", "b", "d"]);
    expect(moveTo(["a", "b", "c", "d"], 3, 0)).toEqual(["d", "a", "b", "c"]);
    expect(moveTo(["a", "b"], 0, -1)).toEqual(["a", "b"]);
    expect(moveTo(["a", "b"], 1, 5)).toEqual(["a", "b"]);
  });

  it("compares orders and sets", () => {
    expect(sameOrder(["a", "b"], ["a", "b"])).toBe(true);
    expect(sameOrder(["a", "b"], ["b", "a"])).toBe(false);
    expect(sameSet(["a", "b"], ["b", "a"])).toBe(true);
    expect(sameSet(["a", "b"], ["a", "c"])).toBe(false);
    expect(sameSet(["a"], ["a", "b"])).toBe(false);
  });

  it("announces moves in French", () => {
    expect(moveAnnouncement(2, 1)).toBe("Photo 3 déplacée en position 2.");
    expect(moveAnnouncement(4, 0)).toBe("Photo 5 déplacée en position 1 : c'est la photo principale.");
  });

  it("puts stored photos back in the server's order, uploads in progress staying in place", () => {
    const items = [{ id: "c" }, { id: null }, { id: "a" }, { id: "b" }];
    expect(restoreOrder(items, (i) => i.id, ["a", "b", "c"]).map((i) => i.id)).toEqual(["a", null, "b", "c"]);
  });
});

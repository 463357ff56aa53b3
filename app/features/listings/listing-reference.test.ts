import { describe, expect, it } from "vitest";
import { listingReference } from "./listing-reference";

describe("listingReference", () => {
  it("is 6 characters of Crockford's base 32, from the id's first 30 bits", () => {
    expect(listingReference("00000000-0000-4000-8000-000000000000")).toBe("000000");
    expect(listingReference("ffffffff-ffff-4fff-bfff-ffffffffffff")).toBe("ZZZZZZ");
    // 0x12345678 >>> 2 = 76 354 974 = ((((2·32 + 8)·32 + 26)·32 + 5)·32 + 12)·32 + 30 → 2 8 T 5 C Y
    expect(listingReference("12345678-9abc-4def-8123-456789abcdef")).toBe("28T5CY");
  });
  it("never uses the letters read wrong on the phone", () => {
    const ids = Array.from({ length: 500 }, (_, i) => `${(i * 2654435761 >>> 0).toString(16).padStart(8, "0")}-0000-4000-8000-000000000000`);
    for (const id of ids) expect(listingReference(id)).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}$/);
  });
});

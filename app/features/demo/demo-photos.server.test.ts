import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { VEHICLE_TYPES } from "~/features/catalogue/vocabularies";
import { createDemoPhotoRenderer, demoPhotoSvg, silhouetteFor } from "./demo-photos.server";

/** The drawing at 96 × 64, in grey levels: enough to compare outlines. */
async function thumbnail(vehicleType: string): Promise<Buffer> {
  return sharp(Buffer.from(demoPhotoSvg({ color: "Rouge", vehicleType, view: 0 })))
    .resize(96, 64)
    .greyscale()
    .raw()
    .toBuffer();
}

/** Share of pixels that differ clearly between two thumbnails. */
function difference(a: Buffer, b: Buffer): number {
  let differing = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 40) differing++;
  return differing / a.length;
}

describe("demo photos (issue 17: draw the body of the listing's vehicle type)", () => {
  it("has its own drawing for every body type of the vocabulary but 'Autre'", () => {
    const types = VEHICLE_TYPES.filter((t) => t !== "Autre");
    expect(new Set(types.map(silhouetteFor)).size).toBe(types.length);
    expect(silhouetteFor("Autre")).toBe(silhouetteFor("Berline"));
  });

  it("draws clearly different outlines: a van or an SUV is not a saloon", async () => {
    const types = VEHICLE_TYPES.filter((t) => t !== "Autre");
    const thumbs = new Map(await Promise.all(types.map(async (t) => [t, await thumbnail(t)] as const)));
    const tooClose: string[] = [];
    for (const [i, a] of types.entries()) {
      for (const b of types.slice(i + 1)) {
        const share = difference(thumbs.get(a)!, thumbs.get(b)!);
        if (share < 0.03) tooClose.push(`${a} / ${b}: ${(share * 100).toFixed(1)} %`);
      }
    }
    expect(tooClose).toEqual([]);
    expect(difference(thumbs.get("Utilitaire")!, thumbs.get("Berline")!)).toBeGreaterThan(0.1);
    expect(difference(thumbs.get("SUV")!, thumbs.get("Berline")!)).toBeGreaterThan(0.06);
  });

  it("encodes one photo per colour, body and view, and reuses it", async () => {
    const render = createDemoPhotoRenderer([480]);
    const van = render({ color: "Blanc", vehicleType: "Utilitaire", view: 0 });
    expect(render({ color: "Blanc", vehicleType: "Utilitaire", view: 0 })).toBe(van);
    expect(render({ color: "Blanc", vehicleType: "Berline", view: 0 })).not.toBe(van);
    expect((await van).variants.length).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from "vitest";
import { MAX_LISTING_PHOTOS } from "~/db/schema";
import { MAX_UPLOAD_BYTES, PHOTO_MESSAGES } from "./photo-upload.server";
import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_CLIENT_MESSAGES, droppedPhotosNote } from "./photo-rules";

describe("photo rules shared with the browser", () => {
  it("match the server's limits and messages", () => {
    expect(MAX_PHOTO_BYTES).toBe(MAX_UPLOAD_BYTES);
    expect(MAX_PHOTOS).toBe(MAX_LISTING_PHOTOS);
    expect(PHOTO_CLIENT_MESSAGES.tooLarge).toBe(PHOTO_MESSAGES.tooLarge);
  });

  it("says which photos were kept", () => {
    expect(droppedPhotosNote(20, 0)).toBe("Seules les 20 premières photos ont été gardées.");
    expect(droppedPhotosNote(1, 19)).toBe(
      "Une annonce compte 20 photos au maximum : seule la première photo choisie a été gardée.",
    );
    expect(droppedPhotosNote(0, 20)).toBe(
      "Votre annonce a déjà 20 photos : retirez-en une pour en ajouter une autre.",
    );
  });
});

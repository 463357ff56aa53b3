/**
 * Photo rules the browser needs before uploading (the server checks everything again, by
 * content). Kept equal to the server's constants, which live in a `.server.ts` module the
 * browser cannot import; photo-rules.test.ts proves they match.
 */
import { MAX_PHOTOS } from "./listing-schemas";

export { MAX_PHOTOS };

/** How many uploads run at once: the server decodes each with sharp (2 cores); 20 at once would only queue there. */
export const UPLOAD_CONCURRENCY = 2;

/** = MAX_UPLOAD_BYTES of photo-upload.server.ts (15 MB). */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;

/** What the file picker offers; HEIC is accepted by the picker and refused clearly by the server if it cannot decode it. */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/heic";

export const PHOTO_CLIENT_MESSAGES = {
  tooLarge: `La photo dépasse la taille maximale de ${MAX_PHOTO_BYTES / 1024 / 1024} Mo.`,
  orderFailed: "L'ordre des photos n'a pas pu être enregistré. Réessayez.",
  uploadFailed: "L'envoi de la photo a échoué. Vérifiez votre connexion puis réessayez.",
  removeFailed: "La photo n'a pas pu être retirée. Réessayez.",
  busy: "Attendez la fin de l'envoi des photos.",
} as const;

/** The note shown when the seller picked more photos than the free slots (spec §5: extras dropped). */
export function droppedPhotosNote(kept: number, alreadyThere: number): string {
  if (alreadyThere === 0) return `Seules les ${kept} premières photos ont été gardées.`;
  if (kept === 0) return `Votre annonce a déjà ${MAX_PHOTOS} photos : retirez-en une pour en ajouter une autre.`;
  return kept === 1
    ? `Une annonce compte ${MAX_PHOTOS} photos au maximum : seule la première photo choisie a été gardée.`
    : `Une annonce compte ${MAX_PHOTOS} photos au maximum : seules les ${kept} premières photos choisies ont été gardées.`;
}

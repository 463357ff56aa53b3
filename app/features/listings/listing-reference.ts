/** Crockford's base 32: no I, L, O or U, so a reference read out on the phone is unambiguous. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * The short reference a buyer and a seller quote to each other ('Réf. 7F3K2Q', issue 36): the
 * first 30 bits of the listing's UUID in base 32, 6 characters — about a billion values, so two
 * listings that share one are a curiosity, not a confusion (the page and the URL keep the id).
 */
export function listingReference(id: string): string {
  const hex = id.replace(/-/g, "").slice(0, 8);
  let bits = Number.parseInt(hex, 16) >>> 2; // 32 bits → the first 30
  let out = "";
  for (let i = 0; i < 6; i++) {
    out = ALPHABET[bits & 31] + out;
    bits >>>= 5;
  }
  return out;
}

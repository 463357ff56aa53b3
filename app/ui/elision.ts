/**
 * "de" before a name, elided as French writes it before a vowel: "Statistiques d'Audi Q3",
 * "Photos d'Opel Corsa", "Message d'Élodie", but "de Peugeot 308". Never before "h": brand names
 * (Honda, Hyundai) take "de". Nor before a "y" sounded as a consonant ("de Yamaha", "d'Yves").
 * A module of its own, so that only the pages using it load it.
 */
export function deName(name: string): string {
  return /^([aeiouàâäéèêëîïôöùûüæœ]|y[^aeiouàâäéèêëîïôöùûü])/i.test(name) ? `d'${name}` : `de ${name}`;
}

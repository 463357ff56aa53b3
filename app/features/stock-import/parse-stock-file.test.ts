import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { MAX_LISTING_PHOTOS } from "~/db/schema";
import { formatNumber } from "~/ui/format";
import { detectSeparator } from "./decode-stock-file";
import { templateCsv } from "./import-columns";
import { parseStockFile, splitPhotoUrls } from "./parse-stock-file";

const PLACE = { city: "Lyon", postalCode: "69003", latitude: 45.76, longitude: 4.85 };

const HEADER =
  "reference;marque;modele;mise_en_circulation;energie;boite;kilometrage;prix;couleur;portes;places;puissance_ch;puissance_fiscale;description;photos";
const ROW =
  "VO-1;VW;GOLF VII;03/2019;essence;Manuelle;45 000;12 500,00 €;Gris métallisé;5;5;130;7;Première main.;https://photos.example/1.jpg|https://photos.example/2.jpg";

const utf8 = (text: string) => new TextEncoder().encode(text);

function ok(outcome: ReturnType<typeof parseStockFile>) {
  if (!outcome.ok) throw new Error(`refusé : ${outcome.reason}`);
  return outcome;
}

describe("parseStockFile", () => {
  it("reads a French semicolon file: catalogue names, numbers and dates as the wizard stores them", () => {
    const outcome = ok(parseStockFile(utf8(`${HEADER}\n${ROW}\n`), PLACE));
    expect(outcome.separator).toBe(";");
    expect(outcome.rejected).toEqual([]);
    expect(outcome.vehicles).toHaveLength(1);
    const [vehicle] = outcome.vehicles;
    expect(vehicle!.line).toBe(2);
    expect(vehicle!.reference).toBe("VO-1");
    expect(vehicle!.photoUrls).toEqual(["https://photos.example/1.jpg", "https://photos.example/2.jpg"]);
    expect(vehicle!.values).toMatchObject({
      brand: "Volkswagen",
      model: "Golf",
      year: 2019,
      firstRegistration: "03/2019",
      fuel: "Essence",
      gearbox: "Manuelle",
      mileage: 45000,
      price: 12500,
      color: "Gris",
      doors: 5,
      seats: 5,
      dinPower: 130,
      fiscalPower: 7,
      vehicleType: "Berline",
      licenseStatus: "Permis",
      vehicleCondition: "Non endommagé",
      description: "Première main.",
      city: "Lyon",
      postalCode: "69003",
    });
  });

  it("reads a comma-separated file with quoted cells holding commas and line breaks", () => {
    const header = HEADER.replaceAll(";", ",");
    const row = `VO-2,Peugeot,3008 GT Line,2020-06,Diesel,BVA,"32 000",23990,Blanc,5,5,130,7,"Toit ouvrant, GPS.\nGarantie 12 mois.",`;
    const outcome = ok(parseStockFile(utf8(`${header}\r\n${row}\r\n`), PLACE));
    expect(outcome.separator).toBe(",");
    expect(outcome.vehicles[0]!.values).toMatchObject({
      model: "3008",
      gearbox: "Automatique",
      mileage: 32000,
      firstRegistration: "06/2020",
    });
    expect(outcome.vehicles[0]!.values.description).toBe("Toit ouvrant, GPS.\nGarantie 12 mois.");
  });

  it("reads UTF-8 with a BOM, and Windows-1252 (accents and €)", () => {
    const text = `${HEADER}\n${ROW.replace("Première main.", "Équipée, révisée : prix 12 500 €.")}\n`;
    const bom = ok(parseStockFile(utf8(`\uFEFF${text}`), PLACE));
    expect(bom.encoding).toBe("utf-8");
    expect(bom.vehicles[0]!.reference).toBe("VO-1");
    const cp1252 = ok(parseStockFile(iconv.encode(text, "windows-1252"), PLACE));
    expect(cp1252.encoding).toBe("windows-1252");
    expect(cp1252.vehicles[0]!.values.description).toBe("Équipée, révisée : prix 12 500 €.");
  });

  it("reads headers with accents, capitals and other usual names", () => {
    const header =
      "Référence;Marque;Modèle;Date MEC;Carburant;Boîte de vitesses;KM;Prix TTC;Couleur;Nb portes;Nb places;Puissance DIN;CV;Description;Images;Colonne perso";
    const outcome = ok(parseStockFile(utf8(`${header}\n${ROW};x\n`), PLACE));
    expect(outcome.vehicles).toHaveLength(1);
    expect(outcome.ignoredColumns).toEqual(["Colonne perso"]);
  });

  it("rejects each bad row with its line number and a French reason, keeping the good ones", () => {
    const rows = [
      ROW,
      ROW.replace("VO-1", "VO-2").replace("12 500,00 €", "12.500,00 €"),
      ROW.replace("VO-1", "VO-3").replace("VW", "Trabantix"),
      ROW.replace("VO-1", "VO-4").replace("GOLF VII", "Clio"),
      ROW.replace("VO-1", "VO-5").replace("essence", "charbon"),
      ROW.replace("VO-1", "VO-6").replace("03/2019", "03/19"),
      ROW.replace("VO-1", "VO-7").replace("45 000", "-3"),
      ROW,
      ROW.replace("VO-1", ""),
      ROW.replace("VO-1", "VO-8").replace("https://photos.example/1.jpg", "file:///etc/passwd"),
      ROW.replace("VO-1", "VO-9").replace(";5;5;", ";12;5;"),
      ROW.replace("VO-1", "VO-10").replace("Première main.", "x".repeat(100_000)),
    ];
    const outcome = ok(parseStockFile(utf8(`${HEADER}\n${rows.join("\n")}\n`), PLACE));
    expect(outcome.vehicles.map((v) => v.reference)).toEqual(["VO-1"]);
    expect(outcome.rejected.map((r) => r.reason)).toEqual([
      "ligne 3 : prix « 12.500,00 € » illisible",
      "ligne 4 : marque « Trabantix » inconnue du catalogue",
      "ligne 5 : modèle « Clio » inconnu pour la marque Volkswagen",
      "ligne 6 : énergie « charbon » inconnue",
      "ligne 7 : mise en circulation « 03/19 » illisible (MM/AAAA attendu)",
      "ligne 8 : kilométrage « -3 » illisible",
      "ligne 9 : référence « VO-1 » déjà présente ligne 2",
      "ligne 10 : référence manquante",
      "ligne 11 : photo « file:///etc/passwd » : seules les adresses http(s) sont acceptées",
      "ligne 12 : Le nombre de portes doit être compris entre 1 et 9",
      `ligne 13 : La description ne doit pas dépasser ${formatNumber(5000)} caractères`,
    ]);
    expect(outcome.rejected[1]).toMatchObject({ line: 4, reference: "VO-3" });
  });

  it("rejects a row with an unclosed quote, keeping the rows before it", () => {
    const text = `${HEADER}\n${ROW}\n${ROW.replace("VO-1", "VO-2").replace("Première main.", '"non fermé')}\n`;
    const outcome = ok(parseStockFile(utf8(text), PLACE));
    expect(outcome.vehicles.map((v) => v.reference)).toEqual(["VO-1"]);
    expect(outcome.rejected).toEqual([
      { line: 3, reference: null, reason: "ligne 3 : ligne CSV malformée (guillemet non fermé ?)" },
    ]);
  });

  it("strips control characters from cells, as browsers do from form input", () => {
    const outcome = ok(
      parseStockFile(utf8(`${HEADER}\n${ROW.replace("Première main.", "Première\u0007 main.\u001b")}\n`), PLACE),
    );
    expect(outcome.vehicles[0]!.values.description).toBe("Première main.");
  });

  it("gives the same fingerprint to the same row, another when a value changes", () => {
    const a = ok(parseStockFile(utf8(`${HEADER}\n${ROW}\n`), PLACE)).vehicles[0]!;
    // The same vehicle written another way (comma-separated, price without cents): same fingerprint.
    const b = ok(
      parseStockFile(
        utf8(`${HEADER.replaceAll(";", ",")}\n${ROW.replaceAll(";", ",").replace("12 500,00 €", '"12500"')}\n`),
        PLACE,
      ),
    ).vehicles[0]!;
    const c = ok(parseStockFile(utf8(`${HEADER}\n${ROW.replace("12 500,00 €", "12 400")}\n`), PLACE)).vehicles[0]!;
    expect(a.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(b.fingerprint).toBe(a.fingerprint);
    expect(c.fingerprint).not.toBe(a.fingerprint);
    expect(ok(parseStockFile(utf8(`${HEADER}\r\n${ROW}\r\n`), PLACE)).vehicles[0]!.fingerprint).toBe(a.fingerprint);
  });

  it("reads the help page's template as one valid vehicle", () => {
    const outcome = ok(parseStockFile(utf8(templateCsv()), PLACE));
    expect(outcome.rejected).toEqual([]);
    expect(outcome.vehicles).toHaveLength(1);
    expect(outcome.vehicles[0]!.values).toMatchObject({
      brand: "Volkswagen",
      model: "Golf",
      euroNorm: "Euro 6d-TEMP",
      inspectionDate: "2025-09-12",
      inspectionResult: "favorable",
      ownerCount: 1,
    });
    // The template's equipment is all known: it becomes the listing's, not description text.
    expect(outcome.vehicles[0]!.values.equipment).toEqual(["climatisation-automatique", "radar-de-stationnement-arriere", "gps"]);
    expect(outcome.vehicles[0]!.values.description).not.toContain("quipements");
  });

  it("equipment the site knows becomes the listing's equipment; the rest stays in the description", () => {
    const header = `${HEADER};equipements`;
    const outcome = ok(parseStockFile(utf8(`${header}\r\n${ROW};Clim auto | caméra de recul, Attelage, Jantes 19 pouces Cosmos,GPS\r\n`), PLACE));
    expect(outcome.rejected).toEqual([]);
    const values = outcome.vehicles[0]!.values;
    expect(values.equipment).toEqual(["climatisation-automatique", "camera-de-recul", "gps", "attelage"]);
    expect(values.description).toMatch(/\n\nAutres équipements : Jantes 19 pouces Cosmos$/);
  });

  describe("files that change nothing and say why", () => {
    it.each([
      ["an empty file", new Uint8Array(), "Le fichier est vide"],
      ["blank lines", utf8("\n\n  \n"), "Le fichier est vide"],
      ["an Excel workbook", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), "classeur Excel (.xlsx)"],
      ["an old Excel workbook", new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2]), "classeur Excel (.xls)"],
      ["a PDF", utf8("%PDF-1.7\n..."), "PDF"],
      ["a JPEG", new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]), "image"],
      ["UTF-16 or binary", new Uint8Array([0x72, 0, 0x65, 0, 0x66, 0]), "pas un fichier texte CSV"],
      ["text with no separator", utf8("Bonjour\nceci est une lettre\n"), "ni « ; » ni « , »"],
      [
        "no required columns",
        utf8("nom;prenom\nDupont;Jean\n"),
        "Colonnes obligatoires absentes : reference, marque, modele, mise_en_circulation, energie, boite, kilometrage, prix, couleur, portes, places, puissance_ch, puissance_fiscale",
      ],
      [
        "some required columns missing",
        utf8("reference;marque;modele\nA;VW;Golf\n"),
        "Colonnes obligatoires absentes : mise_en_circulation",
      ],
      ["a header alone", utf8(`${HEADER}\n`), "aucune ligne de véhicule"],
    ])("%s", (_, bytes, reason) => {
      const outcome = parseStockFile(bytes, PLACE);
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.reason).toContain(reason);
    });

    it("a file above the row limit, with the limit stated", () => {
      const rows = Array.from({ length: 6 }, (_, i) => ROW.replace("VO-1", `VO-${i}`));
      const outcome = parseStockFile(utf8(`${HEADER}\n${rows.join("\n")}`), PLACE, { maxRows: 5 });
      expect(outcome).toEqual({ ok: false, reason: expect.stringContaining("6 lignes : 5 au plus par import") });
    });
  });

  it("detects the separator from the header, ignoring quoted ones", () => {
    expect(detectSeparator("a;b;c\n1,2;3;4")).toBe(";");
    expect(detectSeparator('"a;b",c,d\n')).toBe(",");
    expect(detectSeparator("a\tb\tc")).toBe("\t");
    expect(detectSeparator("abc")).toBeUndefined();
  });

  it("splits photo addresses on | and spaces, drops duplicates, keeps the listing's maximum", () => {
    expect(splitPhotoUrls("https://a.fr/1.jpg | https://a.fr/2.jpg https://a.fr/1.jpg\nhttp://a.fr/3.jpg")).toEqual([
      "https://a.fr/1.jpg",
      "https://a.fr/2.jpg",
      "http://a.fr/3.jpg",
    ]);
    const many = Array.from({ length: MAX_LISTING_PHOTOS + 2 }, (_, i) => `https://a.fr/${i}.jpg`);
    expect(splitPhotoUrls(many.join("|"))).toEqual(many.slice(0, MAX_LISTING_PHOTOS));
    expect(splitPhotoUrls("")).toEqual([]);
  });
});

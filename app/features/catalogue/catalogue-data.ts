/**
 * Static catalogue of car brands and models sold in France (roughly 2000–2026), used to
 * suggest and validate the brand and model of a listing. `name` and each model string are
 * the canonical values stored on listings; `slug` is the URL form of a brand.
 *
 * Brands are sorted by name in French collation. Models keep a loose "range" order (small
 * to large, cars before vans); sort them at display time if needed.
 */

export interface CatalogueBrand {
  /** Display name and canonical stored value, e.g. "Mercedes-Benz", "Citroën", "Land Rover". */
  name: string;
  /** URL-safe lowercase ASCII slug, e.g. "mercedes-benz", "citroen", "land-rover". */
  slug: string;
  /** Model names as sold in France, canonical spelling, e.g. "208", "Classe A", "ID.3". */
  models: readonly string[];
}

// Kept compact on purpose (several models per line); prettier would put one per line.
// prettier-ignore
export const CATALOGUE: readonly CatalogueBrand[] = [
  {
    name: "Abarth",
    slug: "abarth",
    models: [
      "500", "500C", "595", "595C", "695", "124 Spider", "Grande Punto", "Punto Evo", "500e",
      "600e",
    ],
  },
  {
    name: "Aixam",
    slug: "aixam",
    models: [
      "A.721", "A.741", "A.751", "City", "Coupé", "Crossline", "Crossover", "GTO", "Minauto",
      "Roadline", "Scouty", "Vision", "D-Truck", "e-City", "e-Coupé", "e-Crossover",
    ],
  },
  {
    name: "Alfa Romeo",
    slug: "alfa-romeo",
    models: [
      "147", "156", "159", "166", "GT", "GTV", "Spider", "Brera", "MiTo", "Giulietta", "Giulia",
      "Stelvio", "Tonale", "Junior", "4C", "8C Competizione",
    ],
  },
  {
    name: "Alpine",
    slug: "alpine",
    models: ["A110", "A290", "A390"],
  },
  {
    name: "Aston Martin",
    slug: "aston-martin",
    models: [
      "DB7", "DB9", "DB11", "DB12", "DBS", "DBX", "V8 Vantage", "V12 Vantage", "Vantage",
      "Vanquish", "Virage", "Rapide", "Cygnet",
    ],
  },
  {
    name: "Audi",
    slug: "audi",
    models: [
      "A1", "A2", "A3", "A4", "A4 Allroad", "A5", "A6", "A6 Allroad", "A6 e-tron", "A7", "A8", "Q2",
      "Q3", "Q4 e-tron", "Q5", "Q6 e-tron", "Q7", "Q8", "e-tron", "Q8 e-tron", "e-tron GT", "TT",
      "R8", "S1", "S3", "S4", "S5", "S6", "S7", "S8", "SQ5", "SQ7", "SQ8", "RS3", "RS4", "RS5",
      "RS6", "RS7", "RS Q3", "RS Q8",
    ],
  },
  {
    name: "Bentley",
    slug: "bentley",
    models: [
      "Arnage", "Azure", "Brooklands", "Continental GT", "Continental GTC",
      "Continental Flying Spur", "Flying Spur", "Mulsanne", "Bentayga",
    ],
  },
  {
    name: "BMW",
    slug: "bmw",
    models: [
      "Série 1", "Série 2", "Série 2 Active Tourer", "Série 2 Gran Tourer", "Série 2 Gran Coupé",
      "Série 3", "Série 3 Gran Turismo", "Série 4", "Série 4 Gran Coupé", "Série 5",
      "Série 5 Gran Turismo", "Série 6", "Série 6 Gran Coupé", "Série 7", "Série 8", "X1", "X2",
      "X3", "X4", "X5", "X6", "X7", "XM", "Z3", "Z4", "Z8", "M2", "M3", "M4", "M5", "M6", "M8",
      "i3", "i4", "i5", "i7", "i8", "iX", "iX1", "iX2", "iX3",
    ],
  },
  {
    name: "BYD",
    slug: "byd",
    models: [
      "Dolphin", "Dolphin Surf", "Atto 2", "Atto 3", "Seal", "Seal U", "Seal U DM-i", "Sealion 7",
      "Han", "Tang",
    ],
  },
  {
    name: "Chatenet",
    slug: "chatenet",
    models: ["Barooder", "CH26", "CH30", "CH32", "CH40", "CH46", "Media", "Speedino"],
  },
  {
    name: "Chevrolet",
    slug: "chevrolet",
    models: [
      "Matiz", "Spark", "Kalos", "Aveo", "Lacetti", "Nubira", "Cruze", "Orlando", "Captiva",
      "Epica", "Evanda", "Tacuma", "Rezzo", "Trax", "Volt", "Camaro", "Corvette",
    ],
  },
  {
    name: "Chrysler",
    slug: "chrysler",
    models: [
      "Neon", "PT Cruiser", "Sebring", "Crossfire", "300M", "300C", "Voyager", "Grand Voyager",
    ],
  },
  {
    name: "Citroën",
    slug: "citroen",
    models: [
      "Saxo", "Xsara", "Xsara Picasso", "Xantia", "Evasion", "C1", "C2", "C3", "ë-C3", "C3 Pluriel",
      "C3 Picasso", "C3 Aircross", "ë-C3 Aircross", "C4", "ë-C4", "C4 X", "ë-C4 X", "C4 Picasso",
      "Grand C4 Picasso", "C4 SpaceTourer", "Grand C4 SpaceTourer", "C4 Aircross", "C4 Cactus",
      "C5", "C5 X", "C5 Aircross", "ë-C5 Aircross", "C6", "C8", "C-Crosser", "C-Elysée", "C-Zero",
      "DS3", "DS4", "DS5", "C15", "Berlingo", "ë-Berlingo", "Nemo", "Jumpy", "ë-Jumpy",
      "SpaceTourer", "ë-SpaceTourer", "Jumper", "ë-Jumper", "Ami",
    ],
  },
  {
    name: "Cupra",
    slug: "cupra",
    models: ["Born", "Formentor", "Leon", "Ateca", "Tavascan", "Terramar", "Raval"],
  },
  {
    name: "Dacia",
    slug: "dacia",
    models: [
      "Logan", "Logan MCV", "Logan Pick-Up", "Sandero", "Sandero Stepway", "Duster", "Lodgy",
      "Dokker", "Spring", "Jogger", "Bigster",
    ],
  },
  {
    name: "Daihatsu",
    slug: "daihatsu",
    models: ["Charade", "Copen", "Cuore", "Materia", "Sirion", "Terios", "Trevis", "YRV"],
  },
  {
    name: "Dodge",
    slug: "dodge",
    models: ["Avenger", "Caliber", "Challenger", "Charger", "Journey", "Nitro", "Viper"],
  },
  {
    name: "DS",
    slug: "ds",
    models: [
      "DS 3", "DS 3 Crossback", "DS 4", "DS 4 Crossback", "DS 5", "DS 7", "DS 7 Crossback", "DS 9",
      "N°4", "N°8",
    ],
  },
  {
    name: "Ferrari",
    slug: "ferrari",
    models: [
      "360 Modena", "F430", "458 Italia", "488 GTB", "F8 Tributo", "296 GTB", "550 Maranello",
      "575M Maranello", "599 GTB Fiorano", "612 Scaglietti", "F12berlinetta", "812 Superfast",
      "12Cilindri", "California", "Portofino", "Roma", "FF", "GTC4Lusso", "SF90 Stradale",
      "Purosangue", "Enzo", "LaFerrari",
    ],
  },
  {
    name: "Fiat",
    slug: "fiat",
    models: [
      "Seicento", "Panda", "Grande Panda", "500", "500C", "500e", "500L", "500X", "600", "600e",
      "Punto", "Grande Punto", "Punto Evo", "Stilo", "Bravo", "Tipo", "Marea", "Idea", "Multipla",
      "Ulysse", "Croma", "Sedici", "Freemont", "Barchetta", "124 Spider", "Doblò", "Fiorino",
      "Qubo", "Scudo", "Talento", "Ducato", "Fullback", "Topolino",
    ],
  },
  {
    name: "Ford",
    slug: "ford",
    models: [
      "Ka", "Ka+", "StreetKa", "Fiesta", "Fusion", "B-Max", "Focus", "Focus C-Max", "C-Max",
      "Grand C-Max", "S-Max", "Galaxy", "Mondeo", "Cougar", "EcoSport", "Puma", "Kuga", "Edge",
      "Explorer", "Capri", "Mustang", "Mustang Mach-E", "GT", "Ranger", "Transit",
      "Transit Connect", "Transit Courier", "Transit Custom", "Tourneo Connect", "Tourneo Courier",
      "Tourneo Custom",
    ],
  },
  {
    name: "Honda",
    slug: "honda",
    models: [
      "Logo", "Jazz", "Civic", "Civic Type R", "Accord", "Legend", "Insight", "CR-Z", "Stream",
      "FR-V", "HR-V", "CR-V", "ZR-V", "e", "e:Ny1", "S2000", "NSX", "Prelude",
    ],
  },
  {
    name: "Hyundai",
    slug: "hyundai",
    models: [
      "Atos", "i10", "Getz", "i20", "Inster", "Accent", "Elantra", "i30", "Matrix", "ix20", "Coupé",
      "Veloster", "Sonata", "i40", "Grandeur", "Bayon", "Kona", "Kona Electric", "ix35", "Tucson",
      "Santa Fe", "ix55", "Terracan", "Trajet", "Ioniq", "Ioniq 5", "Ioniq 6", "Ioniq 9", "Nexo",
      "H-1", "Staria", "H350",
    ],
  },
  {
    name: "Infiniti",
    slug: "infiniti",
    models: ["G", "M", "EX", "FX", "Q30", "QX30", "Q50", "QX50", "Q60", "Q70", "QX70"],
  },
  {
    name: "Iveco",
    slug: "iveco",
    models: ["Daily", "eDaily", "Massif", "Eurocargo"],
  },
  {
    name: "Jaguar",
    slug: "jaguar",
    models: ["X-Type", "S-Type", "XJ", "XK", "XF", "XE", "F-Type", "E-Pace", "F-Pace", "I-Pace"],
  },
  {
    name: "Jeep",
    slug: "jeep",
    models: [
      "Avenger", "Renegade", "Compass", "Patriot", "Cherokee", "Grand Cherokee", "Commander",
      "Wrangler", "Gladiator",
    ],
  },
  {
    name: "Kia",
    slug: "kia",
    models: [
      "Picanto", "Rio", "Ceed", "ProCeed", "XCeed", "Cerato", "Venga", "Soul", "e-Soul", "Stonic",
      "Niro", "e-Niro", "Niro EV", "Sportage", "Sorento", "Carens", "Carnival", "Magentis",
      "Optima", "Opirus", "Stinger", "EV3", "EV4", "EV6", "EV9",
    ],
  },
  {
    name: "Lamborghini",
    slug: "lamborghini",
    models: [
      "Diablo", "Murciélago", "Gallardo", "Aventador", "Huracán", "Urus", "Revuelto", "Temerario",
    ],
  },
  {
    name: "Lancia",
    slug: "lancia",
    models: ["Ypsilon", "Musa", "Delta", "Lybra", "Thesis", "Phedra", "Flavia", "Thema", "Voyager"],
  },
  {
    name: "Land Rover",
    slug: "land-rover",
    models: [
      "Defender", "Discovery", "Discovery Sport", "Freelander", "Range Rover", "Range Rover Sport",
      "Range Rover Evoque", "Range Rover Velar",
    ],
  },
  {
    name: "Leapmotor",
    slug: "leapmotor",
    models: ["T03", "B10", "C10"],
  },
  {
    name: "Lexus",
    slug: "lexus",
    models: ["CT", "IS", "ES", "GS", "LS", "SC", "RC", "LC", "LBX", "UX", "NX", "RX", "RZ", "LM"],
  },
  {
    name: "Ligier",
    slug: "ligier",
    models: [
      "Ambra", "Be Sun", "Be Two", "Be Up", "Ixo", "JS50", "JS50 L", "JS60", "Myli", "Nova",
      "X-Too", "Pulse 3", "Pulse 4",
    ],
  },
  {
    name: "Lotus",
    slug: "lotus",
    models: ["Elise", "Exige", "Europa", "Evora", "Emira", "Eletre", "Emeya"],
  },
  {
    name: "Lynk & Co",
    slug: "lynk-co",
    models: ["01", "02", "08"],
  },
  {
    name: "Maserati",
    slug: "maserati",
    models: [
      "3200 GT", "Coupé", "Spyder", "Quattroporte", "GranTurismo", "GranCabrio", "Ghibli",
      "Levante", "Grecale", "MC20",
    ],
  },
  {
    name: "Mazda",
    slug: "mazda",
    models: [
      "121", "323", "626", "Demio", "Premacy", "MPV", "Tribute", "Mazda2", "Mazda2 Hybrid",
      "Mazda3", "Mazda5", "Mazda6", "Mazda6e", "CX-3", "CX-30", "CX-5", "CX-60", "CX-7", "CX-80",
      "MX-5", "MX-30", "RX-8", "BT-50",
    ],
  },
  {
    name: "Mercedes-Benz",
    slug: "mercedes-benz",
    models: [
      "Classe A", "Classe B", "Classe C", "Classe E", "Classe S", "Classe G", "Classe M",
      "Classe GL", "Classe R", "Classe V", "Classe X", "Classe CL", "Classe CLC", "Classe CLK",
      "Classe CLS", "Classe SL", "Classe SLK", "Classe SLC", "CLA", "GLA", "GLB", "GLC",
      "GLC Coupé", "GLE", "GLE Coupé", "GLK", "GLS", "EQA", "EQB", "EQC", "EQE", "EQE SUV", "EQS",
      "EQS SUV", "EQV", "AMG GT", "SLS AMG", "SLR McLaren", "Vaneo", "Viano", "Citan", "Vito",
      "eVito", "Sprinter", "eSprinter",
    ],
  },
  {
    name: "MG",
    slug: "mg",
    models: [
      "MGF", "TF", "ZR", "ZS", "ZT", "MG3", "MG4", "MG5", "MGS5 EV", "HS", "EHS", "Marvel R",
      "Cyberster",
    ],
  },
  {
    name: "Microcar",
    slug: "microcar",
    models: ["Virgo", "MC1", "MC2", "M.Go", "M.Cross", "Dué"],
  },
  {
    name: "Mini",
    slug: "mini",
    models: [
      "One", "Cooper", "Cooper S", "Cooper SE", "John Cooper Works", "Cabriolet", "Coupé",
      "Roadster", "Clubman", "Countryman", "Paceman", "Aceman",
    ],
  },
  {
    name: "Mitsubishi",
    slug: "mitsubishi",
    models: [
      "Space Star", "Colt", "i-MiEV", "Lancer", "Lancer Evolution", "Carisma", "Space Runner",
      "Grandis", "ASX", "Eclipse Cross", "Outlander", "Outlander PHEV", "Pajero", "Pajero Pinin",
      "L200",
    ],
  },
  {
    name: "Nissan",
    slug: "nissan",
    models: [
      "Pixo", "Micra", "Micra C+C", "Note", "Cube", "Almera", "Almera Tino", "Primera", "Pulsar",
      "Leaf", "Juke", "Qashqai", "Qashqai+2", "X-Trail", "Ariya", "Murano", "Pathfinder", "Terrano",
      "Patrol", "Navara", "350Z", "370Z", "GT-R", "Kubistar", "NV200", "e-NV200", "Evalia", "NV250",
      "Townstar", "Primastar", "NV300", "Interstar", "NV400",
    ],
  },
  {
    name: "Opel",
    slug: "opel",
    models: [
      "Agila", "Adam", "Karl", "Rocks-e", "Corsa", "Corsa-e", "Tigra", "Meriva", "Astra", "Ampera",
      "Ampera-e", "Vectra", "Signum", "Insignia", "Omega", "Zafira", "Zafira Tourer", "Zafira Life",
      "Crossland X", "Crossland", "Mokka", "Mokka X", "Mokka-e", "Grandland X", "Grandland",
      "Frontera", "Antara", "Cascada", "GT", "Speedster", "Combo", "Vivaro", "Movano",
    ],
  },
  {
    name: "Peugeot",
    slug: "peugeot",
    models: [
      "106", "107", "108", "1007", "206", "206+", "206 CC", "207", "207 CC", "208", "e-208", "2008",
      "e-2008", "301", "306", "307", "307 CC", "308", "308 CC", "e-308", "3008", "e-3008", "406",
      "406 Coupé", "407", "407 Coupé", "408", "e-408", "4007", "4008", "5008", "e-5008", "508",
      "508 RXH", "607", "806", "807", "iOn", "RCZ", "Bipper", "Bipper Tepee", "Partner",
      "Partner Tepee", "e-Partner", "Rifter", "e-Rifter", "Ranch", "Expert", "Expert Tepee",
      "e-Expert", "Traveller", "e-Traveller", "Boxer", "e-Boxer",
    ],
  },
  {
    name: "Polestar",
    slug: "polestar",
    models: ["Polestar 1", "Polestar 2", "Polestar 3", "Polestar 4"],
  },
  {
    name: "Porsche",
    slug: "porsche",
    models: [
      "911", "Boxster", "718 Boxster", "Cayman", "718 Cayman", "Cayenne", "Macan", "Panamera",
      "Taycan", "Carrera GT", "918 Spyder",
    ],
  },
  {
    name: "Renault",
    slug: "renault",
    models: [
      "Twingo", "Clio", "Clio Campus", "Zoé", "R5 E-Tech", "R4 E-Tech", "Modus", "Grand Modus",
      "Captur", "Symbioz", "Mégane", "Mégane E-Tech", "Scénic", "Grand Scénic", "Scénic E-Tech",
      "Fluence", "Fluence Z.E.", "Laguna", "Latitude", "Talisman", "Safrane", "Vel Satis",
      "Avantime", "Espace", "Kadjar", "Austral", "Arkana", "Rafale", "Koleos", "Wind", "Twizy",
      "Kangoo", "Kangoo E-Tech", "Express", "Trafic", "Master", "Master E-Tech", "Alaskan",
    ],
  },
  {
    name: "Rover",
    slug: "rover",
    models: ["25", "45", "75", "200", "400", "600", "Streetwise", "CityRover"],
  },
  {
    name: "Saab",
    slug: "saab",
    models: ["900", "9000", "9-3", "9-5"],
  },
  {
    name: "Seat",
    slug: "seat",
    models: [
      "Arosa", "Mii", "Mii Electric", "Ibiza", "Cordoba", "Leon", "Toledo", "Altea", "Altea XL",
      "Exeo", "Alhambra", "Arona", "Ateca", "Tarraco",
    ],
  },
  {
    name: "Skoda",
    slug: "skoda",
    models: [
      "Citigo", "Citigo e iV", "Fabia", "Felicia", "Roomster", "Praktik", "Rapid",
      "Rapid Spaceback", "Scala", "Octavia", "Superb", "Yeti", "Kamiq", "Karoq", "Kodiaq", "Enyaq",
      "Enyaq Coupé", "Elroq",
    ],
  },
  {
    name: "Smart",
    slug: "smart",
    models: [
      "Fortwo", "Forfour", "Roadster", "Crossblade", "EQ Fortwo", "EQ Forfour", "#1", "#3", "#5",
    ],
  },
  {
    name: "SsangYong",
    slug: "ssangyong",
    models: [
      "Musso", "Rexton", "Kyron", "Actyon", "Actyon Sports", "Rodius", "Korando", "Tivoli", "XLV",
      "Torres",
    ],
  },
  {
    name: "Subaru",
    slug: "subaru",
    models: [
      "Justy", "Trezia", "Impreza", "WRX STI", "Legacy", "Levorg", "Outback", "Forester", "XV",
      "Crosstrek", "Tribeca", "BRZ", "Solterra",
    ],
  },
  {
    name: "Suzuki",
    slug: "suzuki",
    models: [
      "Alto", "Celerio", "Splash", "Wagon R+", "Ignis", "Swift", "Baleno", "Liana", "SX4",
      "SX4 S-Cross", "S-Cross", "Vitara", "Grand Vitara", "e Vitara", "Jimny", "Kizashi", "Swace",
      "Across",
    ],
  },
  {
    name: "Tesla",
    slug: "tesla",
    models: ["Model 3", "Model S", "Model X", "Model Y"],
  },
  {
    name: "Toyota",
    slug: "toyota",
    models: [
      "Aygo", "Aygo X", "iQ", "Yaris", "Yaris Cross", "Yaris Verso", "GR Yaris", "Urban Cruiser",
      "Corolla", "Corolla Verso", "Corolla Cross", "Auris", "Avensis", "Avensis Verso", "Camry",
      "Prius", "Prius+", "Verso", "Verso-S", "Previa", "C-HR", "RAV4", "Highlander", "Land Cruiser",
      "bZ4X", "Mirai", "Celica", "MR2", "GT86", "GR86", "Supra", "Hilux", "Proace City", "Proace",
      "Proace Verso", "Proace Max",
    ],
  },
  {
    name: "Volkswagen",
    slug: "volkswagen",
    models: [
      "Lupo", "Fox", "up!", "e-up!", "Polo", "Golf", "e-Golf", "Golf Plus", "Golf Sportsvan",
      "Bora", "Jetta", "New Beetle", "Coccinelle", "Eos", "Scirocco", "Passat", "Passat CC", "CC",
      "Arteon", "Phaeton", "T-Cross", "Taigo", "T-Roc", "Tiguan", "Tiguan Allspace", "Touareg",
      "Touran", "Sharan", "ID.3", "ID.4", "ID.5", "ID.7", "ID. Buzz", "Caddy", "Transporter",
      "Caravelle", "Multivan", "California", "Crafter", "e-Crafter", "Amarok",
    ],
  },
  {
    name: "Volvo",
    slug: "volvo",
    models: [
      "C30", "C40", "C70", "S40", "S60", "S80", "S90", "V40", "V40 Cross Country", "V50", "V60",
      "V70", "V90", "XC40", "XC60", "XC70", "XC90", "EX30", "EX40", "EC40", "EX90", "ES90",
    ],
  },
];

/**
 * Matching key for free text: lower case, no diacritics, and no spaces, hyphens,
 * underscores, dots or apostrophes ("MERCEDES BENZ", "mercedes_benz" → "mercedesbenz";
 * "Mégane" → "megane"; "E 208" → "e208").
 */
export function normalizeKey(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\s\-_.'’]/g, "");
}

/** Other spellings of brand names met in free text, keyed by normalizeKey. */
const BRAND_ALIASES: Readonly<Record<string, string>> = {
  vw: "Volkswagen",
  mercedes: "Mercedes-Benz",
  alfa: "Alfa Romeo",
  lynkco: "Lynk & Co",
  lynkandco: "Lynk & Co",
  kgm: "SsangYong",
  kgmobility: "SsangYong",
  mgmotor: "MG",
  dsautomobiles: "DS",
};

const BRANDS_BY_KEY: ReadonlyMap<string, CatalogueBrand> = (() => {
  const map = new Map<string, CatalogueBrand>();
  for (const brand of CATALOGUE) {
    map.set(normalizeKey(brand.name), brand);
    map.set(normalizeKey(brand.slug), brand);
  }
  for (const [alias, name] of Object.entries(BRAND_ALIASES)) {
    const brand = map.get(normalizeKey(name));
    if (brand && !map.has(alias)) map.set(alias, brand);
  }
  return map;
})();

const MODELS_BY_BRAND: ReadonlyMap<CatalogueBrand, ReadonlyMap<string, string>> = new Map(
  CATALOGUE.map((brand) => [brand, modelIndex(brand)]),
);

function modelIndex(brand: CatalogueBrand): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const model of brand.models) {
    const key = normalizeKey(model);
    if (!map.has(key)) map.set(key, model);
  }
  return map;
}

/** The catalogue brand matching free text ("mercedes_benz", "CITROEN", "vw"), if any. */
export function findBrand(input: string): CatalogueBrand | undefined {
  const key = normalizeKey(input);
  return key ? BRANDS_BY_KEY.get(key) : undefined;
}

/**
 * The canonical model of `brand` matching free text ("E 208" → "e-208", "megane" →
 * "Mégane"), if any. A leading brand name is tolerated ("Peugeot 208" → "208"), as is a
 * missing one where the brand is part of the model name ("3" → "Mazda3" for Mazda).
 */
export function findModel(brand: CatalogueBrand, input: string): string | undefined {
  const key = normalizeKey(input);
  if (!key) return undefined;
  const models = MODELS_BY_BRAND.get(brand) ?? modelIndex(brand);
  const exact = models.get(key);
  if (exact !== undefined) return exact;
  const brandKey = normalizeKey(brand.name);
  if (key.startsWith(brandKey) && key.length > brandKey.length) {
    const withoutBrand = models.get(key.slice(brandKey.length));
    if (withoutBrand !== undefined) return withoutBrand;
  }
  return models.get(brandKey + key);
}

import { CRITAIR_FILTER_VALUES, MAX_MILEAGE_KM, MAX_PRICE_EUR, MIN_YEAR, type CritAirFilter } from "./search-params";

/**
 * Budgets, ranges and facts typed as words (issue 34, decision 0050): "moins de 10000",
 * "< 10 000 €", "10k€", "entre 5000 et 8000 €", "moins de 100 000 km", "après 2018",
 * "crit'air 1", "1re main" → price, mileage and year bounds, the Crit'Air filter and the
 * first-hand filter. Pure. Read on the accent- and case-folded text, before the words are
 * matched against the catalogue, so that a number belonging to a phrase ("moins de 10000",
 * "75000 km") is never read as a postal code or a model. Each phrase recognised is cut out of
 * the text; the words left go on to the brand, model, energy and place recognition.
 */

export interface QuantityFilters {
  priceMin?: number;
  priceMax?: number;
  mileageMin?: number;
  mileageMax?: number;
  yearMin?: number;
  yearMax?: number;
  critair?: CritAirFilter;
  /** '1re main' (`owners=1`). */
  firstHand?: boolean;
}

export interface QuantityOptions {
  /** The current year: "moins de 5 ans", and the latest model year accepted (next year's). */
  year: number;
  /**
   * Filters the search can apply. A phrase naming another one ("plus de 100 000 km" while
   * there is no minimum mileage) is still cut out of the words — its number is no postal code —
   * and given back as text in `kept`.
   */
  supports?: { mileageMin?: boolean; firstHand?: boolean };
}

export interface QuantityRecognition {
  filters: QuantityFilters;
  /** The text with the recognised phrases blanked out (original spelling elsewhere). */
  rest: string;
  /** Phrases recognised for a filter the search cannot apply (`supports`), in their original spelling. */
  kept: string[];
}

// --- Folding with a map back to the original text ----------------------------------------------

/** Folded as `foldText` (accents, case) but one space per space, apostrophes as "'", with offsets kept. */
function foldKeepingOffsets(q: string): { text: string; origin: number[] } {
  let text = "";
  const origin: number[] = [];
  let i = 0;
  for (const ch of q) {
    let folded = ch.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    if (/[\s\u00a0\u202f]/u.test(ch)) folded = " ";
    else if (/['’ʼ‘`´]/u.test(ch)) folded = "'";
    for (const c of folded) {
      text += c;
      origin.push(i);
    }
    i += ch.length;
  }
  origin.push(q.length);
  return { text, origin };
}

// --- Numbers and amounts -----------------------------------------------------------------------

/** "10 000", "10.000", "10000", "7,5", "7.5" (a decimal before "k"). */
const NUMBER = String.raw`(?:\d{1,3}(?:[ .]\d{3})+(?![\d.,]?\d)|\d+(?:[.,]\d{1,2})?(?!\d))`;
const THOUSANDS = String.raw`\s?k(?![a-z])`;
const EUROS = String.raw`\s?(?:€|euros?(?![a-z])|eur(?![a-z]))`;
const KILOMETRES = String.raw`\s?(?:kms?|kilometres?)(?![a-z])`;
/** A number with its unit, if any: "10 000 €", "10k€", "8 k", "100 000 km", "100k km", "5000". */
const AMOUNT = `(?<![\\d.,])${NUMBER}(?:${THOUSANDS})?(?:${EUROS}|${KILOMETRES})?`;
/** A model year; the value is checked against MIN_YEAR and next year. Not followed by a unit. */
const YEAR = String.raw`(?<![\d.,])((?:19|20)\d{2})(?![\d.,]?\d|\s?(?:k(?![a-z])|€|euros?(?![a-z])|eur(?![a-z])|kms?(?![a-z])))`;

interface Amount {
  value: number;
  unit?: "eur" | "km";
  /** Written with "k" (thousands). */
  k: boolean;
}

function parseAmount(text: string): Amount | undefined {
  const m = new RegExp(`^(${NUMBER})(${THOUSANDS})?(${EUROS})?(${KILOMETRES})?$`).exec(text.trim());
  if (!m) return undefined;
  const digits = m[1]!;
  // "10 000" / "10.000": grouped thousands; "7,5" / "7.5": a decimal.
  const value = /[ .]\d{3}$/.test(digits) && /^\d{1,3}(?:[ .]\d{3})+$/.test(digits)
    ? Number(digits.replace(/[ .]/g, ""))
    : Number(digits.replace(",", "."));
  const k = Boolean(m[2]);
  const amount = Math.round(k ? value * 1000 : value);
  if (!Number.isFinite(amount)) return undefined;
  return { value: amount, unit: m[3] ? "eur" : m[4] ? "km" : undefined, k };
}

// --- Phrases -----------------------------------------------------------------------------------

const START = String.raw`(?<![\p{L}\d])`;
const END = String.raw`(?![\p{L}\d])`;
const phrase = (body: string) => new RegExp(`${START}(?:${body})${END}`, "gu");

const UPPER_WORDS = String.raw`moins\s+de|pas\s+plus\s+de|au\s+plus|max(?:imum|i)?|prix\s+max(?:imum|i)?|budget(?:\s+max(?:imum|i)?)?(?:\s+de)?|jusqu\s?'?\s?a|inferieure?\s+a|<=?|≤|en\s+dessous\s+de`;
const LOWER_WORDS = String.raw`plus\s+de|au\s+moins|min(?:imum|i)?|prix\s+min(?:imum|i)?|budget\s+min(?:imum|i)?|a\s+partir\s+de|superieure?\s+a|>=?|≥|au\s+dessus\s+de`;

type Kind = "price" | "mileage";

/** What a bound's amount is: km → mileage; € or k → price; a bare number of 100 or more → price (a budget). */
function kindOf(amount: Amount): Kind | undefined {
  if (amount.unit === "km") return "mileage";
  if (amount.unit === "eur" || amount.k) return "price";
  return amount.value >= 100 ? "price" : undefined;
}

function validFor(kind: Kind, value: number): boolean {
  return kind === "price" ? value >= 1 && value <= MAX_PRICE_EUR : value >= 0 && value <= MAX_MILEAGE_KM;
}

/**
 * Recognises the phrases of `q` (see the module comment). Phrases are tried from the most
 * specific (Crit'Air, first hand, years) to the least (a lone amount with its unit, "10k€").
 */
export function recogniseQuantities(q: string, options: QuantityOptions): QuantityRecognition {
  const { origin } = foldKeepingOffsets(q);
  let text = foldKeepingOffsets(q).text;
  const filters: QuantityFilters = {};
  const cut: [number, number][] = [];
  const kept: [number, string][] = [];
  const latestYear = options.year + 1;
  const isYear = (n: number) => n >= MIN_YEAR && n <= latestYear;

  /**
   * Runs `re` over the text; `apply` returns true (take the phrase), "kept" (a filter the search
   * cannot apply: the words go back as text) or false (not this phrase: try one character further).
   */
  const scan = (re: RegExp, apply: (m: RegExpExecArray) => boolean | "kept") => {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const outcome = apply(m);
      if (!outcome) {
        re.lastIndex = m.index + 1;
        continue;
      }
      const [start, end] = [m.index, m.index + m[0].length];
      // A kept phrase leaves the words too (its number is no postal code), and comes back as text.
      if (outcome === "kept") kept.push([start, q.slice(origin[start], origin[end]).trim()]);
      cut.push([origin[start]!, origin[end]!]);
      // Blanked in the folded text so that no later phrase reads the same words.
      text = text.slice(0, start) + " ".repeat(end - start) + text.slice(end);
      re.lastIndex = end;
    }
  };

  const setBound = (kind: Kind, side: "min" | "max", value: number): boolean | "kept" => {
    if (!validFor(kind, value)) return false;
    if (kind === "price") filters[side === "min" ? "priceMin" : "priceMax"] = value;
    else if (side === "max") filters.mileageMax = value;
    else if (options.supports?.mileageMin) filters.mileageMin = value;
    else return "kept";
    return true;
  };

  // Crit'Air: "crit'air 1", "critair 2", "vignette crit air 1", "crit'air n°2". Classes 4 and 5
  // are no filter value (the filter offers 0–3, "N ou mieux"): they stay text.
  scan(phrase(String.raw`(?:vignettes?\s+)?crit\s?'?\s?air\s*:?\s*(?:n\s?°\s*)?([0-5])`), (m) => {
    const value = Number(m[1]);
    if (!(CRITAIR_FILTER_VALUES as readonly number[]).includes(value)) return false;
    filters.critair = value as CritAirFilter;
    return true;
  });

  // First hand: "1ere main", "1re main", "1ère main", "première main".
  scan(phrase(String.raw`(?:1\s?(?:ere|re|er|e)|premiere|premier)\s+main`), () => {
    if (!options.supports?.firstHand) return "kept";
    filters.firstHand = true;
    return true;
  });

  // Age: "moins de 5 ans" → from (year − 5); "plus de 10 ans" → up to (year − 10).
  scan(phrase(String.raw`(moins|plus)\s+de\s+(\d{1,2})\s+ans?`), (m) => {
    const years = Number(m[2]);
    if (years < 1) return false;
    if (m[1] === "moins") filters.yearMin = Math.max(MIN_YEAR, options.year - years);
    else filters.yearMax = Math.max(MIN_YEAR, options.year - years);
    return true;
  });

  // Year ranges: "entre 2015 et 2018", "de 2015 à 2018" (before amounts: bare years are no budget).
  scan(phrase(String.raw`(?:entre|de)\s+${YEAR}\s*(?:et|a|-)\s*${YEAR}`), (m) => {
    const [a, b] = [Number(m[1]), Number(m[2])];
    if (!isYear(a) || !isYear(b)) return false;
    filters.yearMin = Math.min(a, b);
    filters.yearMax = Math.max(a, b);
    return true;
  });

  // Years, one bound. "après 2018" means registered in 2019 or later (model years are whole
  // numbers); "depuis 2019", "à partir de 2019", "dès 2019", "2019 et plus", "2019+" from 2019.
  const yearBound = (body: string, set: (year: number) => boolean) =>
    scan(phrase(body), (m) => {
      const year = Number(m[1]);
      return isYear(year) && set(year);
    });
  const yearMin = (y: number) => {
    if (isYear(y)) filters.yearMin = y;
    return isYear(y);
  };
  const yearMax = (y: number) => {
    if (isYear(y)) filters.yearMax = y;
    return isYear(y);
  };
  yearBound(String.raw`(?:apres|posterieure?s?\s+a|plus\s+recente?s?\s+que)\s*${YEAR}`, (y) => yearMin(y + 1));
  yearBound(String.raw`(?:depuis|a\s+partir\s+de|des|annee\s+min(?:imum|i)?)\s*:?\s*${YEAR}`, yearMin);
  yearBound(String.raw`${YEAR}\s*(?:(?:et|ou)\s+(?:plus|apres|\+)|\+|minimum|mini)`, yearMin);
  yearBound(String.raw`(?:avant|anterieure?s?\s+a)\s*${YEAR}`, (y) => yearMax(y - 1));
  yearBound(String.raw`(?:jusqu\s?'?\s?en|annee\s+max(?:imum|i)?)\s*:?\s*${YEAR}`, yearMax);
  yearBound(String.raw`${YEAR}\s*(?:et|ou)\s+(?:moins|avant)`, yearMax);
  yearBound(String.raw`(?:annee|modele|millesime)\s*:?\s*${YEAR}`, (y) => yearMin(y) && yearMax(y));

  // Amount ranges: "entre 5000 et 8000 €", "de 5 000 € à 8 000 €", "5000-8000€", "entre 5 et 8k",
  // "entre 50 000 et 100 000 km". Without "entre"/"de", a unit is required ("5000-8000" alone
  // could be anything).
  const range = (m: RegExpExecArray, needUnit: boolean): boolean | "kept" => {
    let a = parseAmount(m[1]!);
    const b = parseAmount(m[2]!);
    if (!a || !b) return false;
    // "entre 5 et 8k": the "k" of the second number is the first's too.
    if (b.k && !a.k && !a.unit && a.value < 1000) a = { ...a, value: a.value * 1000, k: true };
    if (a.unit && b.unit && a.unit !== b.unit) return false;
    const unit = a.unit ?? b.unit;
    const k = a.k || b.k;
    if (needUnit && !unit && !k) return false;
    const kind: Kind | undefined =
      unit === "km" ? "mileage" : unit === "eur" || k || (a.value >= 100 && b.value >= 100) ? "price" : undefined;
    if (!kind) return false;
    const [low, high] = [Math.min(a.value, b.value), Math.max(a.value, b.value)];
    if (!validFor(kind, low) || !validFor(kind, high)) return false;
    // Without a minimum mileage filter, the range cannot be applied as typed: kept as text.
    if (kind === "mileage" && !options.supports?.mileageMin) return "kept";
    setBound(kind, "min", low);
    setBound(kind, "max", high);
    return true;
  };
  scan(phrase(String.raw`(?:entre|de)\s+(${AMOUNT})\s*(?:et|a|-)\s*(${AMOUNT})`), (m) => range(m, false));
  scan(phrase(String.raw`(${AMOUNT})\s*(?:-|a)\s*(${AMOUNT})`), (m) => range(m, true));

  // One bound: "moins de 10000", "max 10 000 €", "jusqu'à 8k", "< 10 000 €", "budget 8000",
  // "moins de 100 000 km"; "plus de 5000 €", "à partir de 3000 €", "min 5k".
  scan(phrase(String.raw`(${UPPER_WORDS})\s*:?\s*(${AMOUNT})`), (m) => {
    const amount = parseAmount(m[2]!);
    const kind = amount && kindOf(amount);
    return Boolean(kind) && setBound(kind!, "max", amount!.value);
  });
  scan(phrase(String.raw`(${LOWER_WORDS})\s*:?\s*(${AMOUNT})`), (m) => {
    const amount = parseAmount(m[2]!);
    const kind = amount && kindOf(amount);
    return Boolean(kind) && setBound(kind!, "min", amount!.value);
  });

  // The same, written after: "10 000 € max", "100 000 km maximum", "5000 € minimum".
  scan(phrase(String.raw`(${AMOUNT})\s*(max(?:imum|i)?|min(?:imum|i)?)`), (m) => {
    const amount = parseAmount(m[1]!);
    const kind = amount && kindOf(amount);
    return Boolean(kind) && setBound(kind!, m[2]!.startsWith("max") ? "max" : "min", amount!.value);
  });

  // An amount with its unit alone: "10k€", "10 000 €", "8 k", "10 000 euros" → a budget (maximum
  // price); "80 000 km" → a maximum mileage. A bare number stays a word (a model, a postal code).
  scan(phrase(`(${AMOUNT})`), (m) => {
    const amount = parseAmount(m[1]!);
    if (!amount || (!amount.unit && !amount.k)) return false;
    return setBound(amount.unit === "km" ? "mileage" : "price", "max", amount.value);
  });

  // A range written in two phrases ("plus de 8000 € moins de 5000 €") is put right.
  if (filters.priceMin !== undefined && filters.priceMax !== undefined && filters.priceMin > filters.priceMax)
    [filters.priceMin, filters.priceMax] = [filters.priceMax, filters.priceMin];
  if (filters.yearMin !== undefined && filters.yearMax !== undefined && filters.yearMin > filters.yearMax)
    [filters.yearMin, filters.yearMax] = [filters.yearMax, filters.yearMin];
  if (filters.mileageMin !== undefined && filters.mileageMax !== undefined && filters.mileageMin > filters.mileageMax)
    [filters.mileageMin, filters.mileageMax] = [filters.mileageMax, filters.mileageMin];

  let rest = q;
  for (const [start, end] of cut.sort((x, y) => y[0] - x[0])) rest = `${rest.slice(0, start)} ${rest.slice(end)}`;
  return { filters, rest, kept: kept.sort((x, y) => x[0] - y[0]).map(([, words]) => words) };
}

/**
 * The market price model (docs/decisions/0015-market-price-rating.md), pure code:
 *
 *   log(price) = α[brand, model] + β·x,  x = (age, age², km / 10 000, energy, gearbox)
 *
 * fitted by iteratively reweighted least squares with Huber weights (k = 1.345 robust scales):
 * a hedonic regression with one intercept per model and slopes shared by the whole market, so a
 * model with six listings borrows its depreciation curve from the million others and only its
 * level is its own. The spread `sigma` of each model is a robust scale (1.4826 × median absolute
 * residual) shrunk towards the market's, so the range of a small model is not a lucky guess.
 */

export interface MarketObservation {
  price: number;
  year: number;
  mileage: number;
  fuel: string | null;
  gearbox: string | null;
}

export interface MarketGroup {
  brand: string;
  model: string;
  observations: MarketObservation[];
}

export interface MarketSlopes {
  ageSlope: number;
  ageSquare: number;
  kmSlope: number;
  fuelEffects: Record<string, number>;
  gearboxEffects: Record<string, number>;
  referenceYear: number;
  /** The market-wide robust scale of the log residuals. */
  marketSigma: number;
}

export interface FittedModel extends Omit<MarketSlopes, "marketSigma"> {
  brand: string;
  model: string;
  intercept: number;
  sigma: number;
  sampleCount: number;
}

export const HUBER_K = 1.345;
/** A model's own spread counts like this many listings against the market's. */
const SIGMA_PRIOR_WEIGHT = 8;
export const SIGMA_MIN = 0.05;
export const SIGMA_MAX = 0.35;
const ITERATIONS = 12;

function median(values: Float64Array | number[]): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** 1.4826 × median |r|: the standard deviation of normal residuals, unmoved by outliers. */
export function robustScale(residuals: Float64Array | number[]): number {
  const abs = Float64Array.from(residuals, Math.abs);
  return 1.4826 * median(abs);
}

/** Solves A·x = b (p×p, symmetric positive semi-definite) by Gaussian elimination with a ridge. */
function solve(a: Float64Array, b: Float64Array, p: number): Float64Array {
  const m = Float64Array.from(a);
  const x = Float64Array.from(b);
  for (let i = 0; i < p; i++) m[i * p + i]! += 1e-6;
  for (let col = 0; col < p; col++) {
    let pivot = col;
    for (let r = col + 1; r < p; r++) if (Math.abs(m[r * p + col]!) > Math.abs(m[pivot * p + col]!)) pivot = r;
    if (pivot !== col) {
      for (let c = 0; c < p; c++) [m[col * p + c], m[pivot * p + c]] = [m[pivot * p + c]!, m[col * p + c]!];
      [x[col], x[pivot]] = [x[pivot]!, x[col]!];
    }
    const d = m[col * p + col]!;
    if (Math.abs(d) < 1e-12) continue;
    for (let r = col + 1; r < p; r++) {
      const f = m[r * p + col]! / d;
      if (f === 0) continue;
      for (let c = col; c < p; c++) m[r * p + c]! -= f * m[col * p + c]!;
      x[r]! -= f * x[col]!;
    }
  }
  for (let r = p - 1; r >= 0; r--) {
    let s = x[r]!;
    for (let c = r + 1; c < p; c++) s -= m[r * p + c]! * x[c]!;
    const d = m[r * p + r]!;
    x[r] = Math.abs(d) < 1e-12 ? 0 : s / d;
  }
  return x;
}

/** Categories seen at least `min` times, most frequent first (the first is the base, effect 0). */
function categories(groups: MarketGroup[], key: "fuel" | "gearbox", min: number): string[] {
  const counts = new Map<string, number>();
  for (const g of groups)
    for (const o of g.observations) if (o[key]) counts.set(o[key]!, (counts.get(o[key]!) ?? 0) + 1);
  return [...counts]
    .filter(([, n]) => n >= min)
    .sort((a, b) => b[1] - a[1])
    .map(([name]) => name);
}

/** Fits the whole market (every model at once). Groups without observations are skipped. */
export function fitMarket(groups: MarketGroup[], referenceYear = new Date().getFullYear()): FittedModel[] {
  const used = groups.filter((g) => g.observations.length > 0);
  const n = used.reduce((sum, g) => sum + g.observations.length, 0);
  if (n === 0) return [];
  const fuels = categories(used, "fuel", 20).slice(1);
  const gearboxes = categories(used, "gearbox", 20).slice(1);
  const p = 3 + fuels.length + gearboxes.length;
  // Design matrix (row-major), log prices and each row's model index.
  const x = new Float64Array(n * p);
  const y = new Float64Array(n);
  const groupOf = new Int32Array(n);
  let row = 0;
  used.forEach((g, gi) => {
    for (const o of g.observations) {
      const age = Math.max(0, referenceYear - o.year);
      const base = row * p;
      x[base] = age;
      x[base + 1] = age * age;
      x[base + 2] = o.mileage / 10_000;
      const f = o.fuel ? fuels.indexOf(o.fuel) : -1;
      if (f >= 0) x[base + 3 + f] = 1;
      const b = o.gearbox ? gearboxes.indexOf(o.gearbox) : -1;
      if (b >= 0) x[base + 3 + fuels.length + b] = 1;
      y[row] = Math.log(Math.max(1, o.price));
      groupOf[row] = gi;
      row++;
    }
  });
  const groupsCount = used.length;
  const w = new Float64Array(n).fill(1);
  let beta: Float64Array = new Float64Array(p);
  const alpha = new Float64Array(groupsCount);
  const residual = new Float64Array(n);
  let scale = 0;
  const sumW = new Float64Array(groupsCount);
  const meanY = new Float64Array(groupsCount);
  const meanX = new Float64Array(groupsCount * p);
  for (let iter = 0; iter < ITERATIONS; iter++) {
    // Weighted means per model: the fixed effects are removed by centring within each model.
    sumW.fill(0);
    meanY.fill(0);
    meanX.fill(0);
    for (let i = 0; i < n; i++) {
      const gi = groupOf[i]!;
      sumW[gi]! += w[i]!;
      meanY[gi]! += w[i]! * y[i]!;
      for (let j = 0; j < p; j++) meanX[gi * p + j]! += w[i]! * x[i * p + j]!;
    }
    for (let gi = 0; gi < groupsCount; gi++) {
      const s = sumW[gi]! || 1;
      meanY[gi]! /= s;
      for (let j = 0; j < p; j++) meanX[gi * p + j]! /= s;
    }
    const xtx = new Float64Array(p * p);
    const xty = new Float64Array(p);
    const xc = new Float64Array(p);
    for (let i = 0; i < n; i++) {
      const gi = groupOf[i]!;
      const wi = w[i]!;
      for (let j = 0; j < p; j++) xc[j] = x[i * p + j]! - meanX[gi * p + j]!;
      const yc = y[i]! - meanY[gi]!;
      for (let j = 0; j < p; j++) {
        const v = wi * xc[j]!;
        if (v === 0) continue;
        xty[j]! += v * yc;
        for (let k = j; k < p; k++) xtx[j * p + k]! += v * xc[k]!;
      }
    }
    for (let j = 0; j < p; j++) for (let k = 0; k < j; k++) xtx[j * p + k] = xtx[k * p + j]!;
    beta = solve(xtx, xty, p);
    for (let gi = 0; gi < groupsCount; gi++) {
      let dot = 0;
      for (let j = 0; j < p; j++) dot += meanX[gi * p + j]! * beta[j]!;
      alpha[gi] = meanY[gi]! - dot;
    }
    for (let i = 0; i < n; i++) {
      let fit = alpha[groupOf[i]!]!;
      for (let j = 0; j < p; j++) fit += x[i * p + j]! * beta[j]!;
      residual[i] = y[i]! - fit;
    }
    scale = Math.max(robustScale(residual), 1e-3);
    for (let i = 0; i < n; i++) {
      const r = Math.abs(residual[i]!) / scale;
      w[i] = r <= HUBER_K ? 1 : HUBER_K / r;
    }
  }
  const slopes: MarketSlopes = {
    ageSlope: beta[0]!,
    ageSquare: beta[1]!,
    kmSlope: beta[2]!,
    fuelEffects: Object.fromEntries(fuels.map((name, i) => [name, beta[3 + i]!])),
    gearboxEffects: Object.fromEntries(gearboxes.map((name, i) => [name, beta[3 + fuels.length + i]!])),
    referenceYear,
    marketSigma: scale,
  };
  // Each model's own spread, from its residuals.
  const byGroup: number[][] = used.map(() => []);
  for (let i = 0; i < n; i++) byGroup[groupOf[i]!]!.push(residual[i]!);
  return used.map((g, gi) => ({
    ...modelParameters(g, slopes, alpha[gi]!, byGroup[gi]!),
  }));
}

function shrunkSigma(own: number, count: number, market: number): number {
  const sigma = Math.sqrt((count * own * own + SIGMA_PRIOR_WEIGHT * market * market) / (count + SIGMA_PRIOR_WEIGHT));
  return Math.min(SIGMA_MAX, Math.max(SIGMA_MIN, sigma));
}

function modelParameters(g: MarketGroup, slopes: MarketSlopes, intercept: number, residuals: number[]): FittedModel {
  const { marketSigma, ...shared } = slopes;
  return {
    brand: g.brand,
    model: g.model,
    ...shared,
    intercept,
    sigma: shrunkSigma(robustScale(residuals), residuals.length, marketSigma),
    sampleCount: g.observations.length,
  };
}

/** log(estimate) of one listing under fitted parameters (the SQL `market_price_log_estimate`). */
export function logEstimate(
  m: Omit<FittedModel, "brand" | "model" | "sigma" | "sampleCount">,
  o: Omit<MarketObservation, "price">,
): number {
  const age = Math.max(0, m.referenceYear - o.year);
  return (
    m.intercept +
    m.ageSlope * age +
    m.ageSquare * age * age +
    m.kmSlope * (o.mileage / 10_000) +
    (o.fuel ? (m.fuelEffects[o.fuel] ?? 0) : 0) +
    (o.gearbox ? (m.gearboxEffects[o.gearbox] ?? 0) : 0)
  );
}

/**
 * One model fitted again with the market's slopes kept (a listing of it was published, changed
 * price or left): its intercept is the Huber location of log(price) − β·x, its spread the robust
 * scale of what is left.
 */
export function refitModel(g: MarketGroup, slopes: MarketSlopes): FittedModel | null {
  if (g.observations.length === 0) return null;
  const partial = g.observations.map(
    (o) => Math.log(Math.max(1, o.price)) - logEstimate({ ...slopes, intercept: 0 }, o),
  );
  let location = median(partial);
  const scale = Math.max(robustScale(partial.map((v) => v - location)), 1e-3);
  for (let iter = 0; iter < ITERATIONS; iter++) {
    let sw = 0;
    let sv = 0;
    for (const v of partial) {
      const r = Math.abs(v - location) / scale;
      const wi = r <= HUBER_K ? 1 : HUBER_K / r;
      sw += wi;
      sv += wi * v;
    }
    location = sv / sw;
  }
  return modelParameters(
    g,
    slopes,
    location,
    partial.map((v) => v - location),
  );
}

/**
 * The market as a few typed arrays (one entry per observation, `offsets` delimiting each
 * model), so that it crosses to the fitting worker by transfer — no structured clone of a
 * million objects on the thread that serves requests.
 */
export interface MarketColumns {
  brands: string[];
  models: string[];
  /** Model g's observations are [offsets[g], offsets[g + 1]). */
  offsets: Int32Array;
  price: Float64Array;
  year: Float64Array;
  mileage: Float64Array;
  /** Index into `fuelNames`, −1 when unknown. */
  fuel: Int32Array;
  fuelNames: string[];
  /** Index into `gearboxNames`, −1 when unknown. */
  gearbox: Int32Array;
  gearboxNames: string[];
}

/** The groups of columnar data (the worker's side). */
export function groupsFromColumns(c: MarketColumns): MarketGroup[] {
  return c.brands.map((brand, g) => {
    const observations: MarketObservation[] = [];
    for (let i = c.offsets[g]!; i < c.offsets[g + 1]!; i++) {
      const fuel = c.fuel[i]!;
      const gearbox = c.gearbox[i]!;
      observations.push({
        price: c.price[i]!,
        year: c.year[i]!,
        mileage: c.mileage[i]!,
        fuel: fuel >= 0 ? c.fuelNames[fuel]! : null,
        gearbox: gearbox >= 0 ? c.gearboxNames[gearbox]! : null,
      });
    }
    return { brand, model: c.models[g]!, observations };
  });
}

/** The typed arrays of `columns`, the transfer list of a postMessage. */
export function columnBuffers(c: MarketColumns): ArrayBuffer[] {
  return [c.offsets, c.price, c.year, c.mileage, c.fuel, c.gearbox].map((a) => a.buffer as ArrayBuffer);
}

/**
 * The query string of `GET /api/price-guidance` (the edit form's live estimate, issue 34): the
 * car as the form describes it. Client-safe and dependency-free; the server reads it back with
 * `readPriceGuidanceQuery`, which refuses anything it cannot estimate (null, never a throw).
 */
export interface GuidedCar {
  brand: string;
  model: string;
  year: number | null;
  mileage: number | null;
  fuel: string | null;
  gearbox: string | null;
  /** The listing is published, so it is one of its model's comparables (not counted). */
  published: boolean;
}

export const PRICE_GUIDANCE_PATH = "/api/price-guidance";

export function priceGuidanceQuery(car: GuidedCar): string {
  const params = new URLSearchParams({ brand: car.brand, model: car.model });
  if (car.year != null) params.set("year", String(car.year));
  if (car.mileage != null) params.set("mileage", String(car.mileage));
  if (car.fuel) params.set("fuel", car.fuel);
  if (car.gearbox) params.set("gearbox", car.gearbox);
  if (car.published) params.set("published", "1");
  return params.toString();
}

const MAX_TEXT = 60;
const text = (value: string | null) => (value && value.length <= MAX_TEXT ? value : null);
const whole = (value: string | null, max: number) =>
  value && /^\d{1,7}$/.test(value) && Number(value) <= max ? Number(value) : null;

export function readPriceGuidanceQuery(params: URLSearchParams): GuidedCar | null {
  const brand = text(params.get("brand"));
  const model = text(params.get("model"));
  if (!brand || !model) return null;
  return {
    brand,
    model,
    year: whole(params.get("year"), 2100),
    mileage: whole(params.get("mileage"), 9_999_999),
    fuel: text(params.get("fuel")),
    gearbox: text(params.get("gearbox")),
    published: params.get("published") === "1",
  };
}

import { useEffect, useRef, useState, type ReactNode } from "react";
import type { PriceGuidance } from "~/features/pricing/price-guidance";
import { PriceGuidanceNote } from "~/features/pricing/price-guidance-note";
import { PRICE_GUIDANCE_PATH, priceGuidanceQuery, type GuidedCar } from "~/features/pricing/price-guidance-query";

/**
 * Pause after the last keystroke before asking for a new estimate: the answer (one indexed row)
 * comes back well within the 300 ms issue 34 allows.
 */
export const GUIDANCE_DEBOUNCE_MS = 200;

/** The fields of the surrounding form that move the estimate (the edit form's). */
const CAR_FIELDS = new Set(["brand", "model", "mileage"]);

/**
 * The price field (`children`, named "price") and, under it, the market estimate for the car
 * described and the label buyers would see for the price as it is typed (decision 0043).
 * `live` (the edit form, where brand, model and mileage sit beside the price): the estimate is
 * asked again from `/api/price-guidance` as those fields of the surrounding form change,
 * debounced, the previous request aborted.
 */
export function PriceWithGuidance({
  guidance: initial,
  initialPrice,
  live = false,
  published = false,
  children,
}: {
  guidance: PriceGuidance | null | undefined;
  initialPrice: string;
  live?: boolean;
  /** The listing is online: it is not counted among its own comparables. */
  published?: boolean;
  children: ReactNode;
}) {
  const [price, setPrice] = useState(initialPrice);
  // The live answer, for the server's estimate it followed (by value: the page may hand a new
  // object at each render): a save reloads the page's data, and the new server estimate is
  // shown again until the fields change.
  const initialKey = JSON.stringify(initial ?? null);
  const [liveAnswer, setLive] = useState<{ from: string; guidance: PriceGuidance | null }>({
    from: initialKey,
    guidance: initial ?? null,
  });
  const guidance = liveAnswer.from === initialKey ? liveAnswer.guidance : initial;
  const box = useRef<HTMLDivElement>(null);

  const year = initial?.year ?? null;
  const fuel = initial?.fuel ?? null;
  const gearbox = initial?.gearbox ?? null;
  const estimatedBrand = initial?.brand ?? null;
  const estimatedModel = initial?.model ?? null;
  const estimatedMileage = initial?.mileage ?? null;
  useEffect(() => {
    const form = box.current?.closest("form");
    // Without the car's year there is nothing to estimate, whatever is typed.
    if (!live || !form || year == null || estimatedBrand == null || estimatedModel == null) return;
    const carNow = (): GuidedCar => {
      const fields = new FormData(form);
      const value = (name: string) => String(fields.get(name) ?? "").trim();
      const mileage = value("mileage").replace(/\s/g, "");
      return {
        brand: value("brand"),
        model: value("model"),
        year,
        mileage: /^\d{1,7}$/.test(mileage) ? Number(mileage) : null,
        fuel,
        gearbox,
        published,
      };
    };
    // What the server's estimate (`initial`) describes. The page's data may be reloaded after the
    // seller has typed (a signed-in page refreshes once loaded, the market moves): the effect then
    // starts again, and a car typed since is asked for at once, not forgotten (the estimate would
    // otherwise stay the saved car's while the fields say another).
    let asked = priceGuidanceQuery({
      brand: estimatedBrand,
      model: estimatedModel,
      year,
      mileage: estimatedMileage,
      fuel,
      gearbox,
      published,
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    let request: AbortController | null = null;
    const refresh = () => {
      const car = carNow();
      const query = priceGuidanceQuery(car);
      if (query === asked) return;
      asked = query;
      request?.abort();
      if (!car.brand || !car.model || car.mileage == null) {
        setLive({ from: initialKey, guidance: null });
        return;
      }
      const controller = new AbortController();
      request = controller;
      fetch(`${PRICE_GUIDANCE_PATH}?${query}`, { signal: controller.signal, headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<{ guidance: PriceGuidance | null }>) : null))
        .then((answer) => {
          if (answer && !controller.signal.aborted) setLive({ from: initialKey, guidance: answer.guidance });
        })
        // A failed request keeps the last estimate shown: it is guidance, not a rule.
        .catch(() => undefined);
    };
    const onEdit = (event: Event) => {
      if (!CAR_FIELDS.has((event.target as HTMLInputElement | null)?.name ?? "")) return;
      clearTimeout(timer);
      timer = setTimeout(refresh, GUIDANCE_DEBOUNCE_MS);
    };
    form.addEventListener("input", onEdit);
    form.addEventListener("change", onEdit);
    refresh();
    return () => {
      clearTimeout(timer);
      request?.abort();
      form.removeEventListener("input", onEdit);
      form.removeEventListener("change", onEdit);
    };
  }, [live, initialKey, year, fuel, gearbox, published, estimatedBrand, estimatedModel, estimatedMileage]);

  return (
    <div
      ref={box}
      className="space-y-3"
      onInput={(event) => {
        const target = event.target as HTMLInputElement;
        if (target.name === "price") setPrice(target.value);
      }}
    >
      {children}
      {guidance ? <PriceGuidanceNote guidance={guidance} price={price} /> : null}
    </div>
  );
}

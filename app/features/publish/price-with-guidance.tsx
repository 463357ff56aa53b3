import { useState, type ReactNode } from "react";
import type { PriceGuidance } from "~/features/pricing/price-guidance";
import { PriceGuidanceNote } from "~/features/pricing/price-guidance-note";

/**
 * The price field (`children`, named "price") and, under it, the market estimate for the car
 * described and the label buyers would see for the price as it is typed (decision 0043).
 */
export function PriceWithGuidance({ guidance, initialPrice, children }: { guidance: PriceGuidance | null | undefined; initialPrice: string; children: ReactNode }) {
  const [price, setPrice] = useState(initialPrice);
  return (
    <div
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

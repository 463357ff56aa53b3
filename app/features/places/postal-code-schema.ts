import { z } from "~/ui/zod";
import { POSTAL_CODE_MESSAGE, POSTAL_CODE_PATTERN } from "./postal-code";

/** The postal-code rule of `postal-code.ts` as a zod schema (server parsing, the listing wizard's schemas). */
export const postalCodeSchema = z.string().trim().regex(POSTAL_CODE_PATTERN, POSTAL_CODE_MESSAGE);

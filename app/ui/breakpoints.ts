/**
 * The one phone/wide switch (spec §9 "Mobile breakpoint 768 px"): phones are 768 px wide or
 * less. CSS uses Tailwind's `wide:` / `max-wide:` variants, built from `--breakpoint-wide` in
 * app/app.css (48.0625rem = 769 px); code that needs the switch outside CSS (an image's `sizes`,
 * `matchMedia`) uses these constants. breakpoints.test.ts keeps the two in step.
 */
export const PHONE_MAX_WIDTH_PX = 768;

/** Wide screens: 769 px and more (the `wide:` variant). */
export const WIDE_MEDIA = `(min-width: ${PHONE_MAX_WIDTH_PX + 1}px)`;

/** Phones: below 769 px, fractional widths included (the `max-wide:` variant). */
export const PHONE_MEDIA = `(width < ${PHONE_MAX_WIDTH_PX + 1}px)`;

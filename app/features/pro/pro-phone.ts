import { formatPhone } from "~/features/account/profile-schemas";

/**
 * '04 78 12 34 56' from a number as stored: accounts keep 9 digits without the leading 0
 * ('478123456'); a professional's number may be kept with it ('0478123456') or with spaces.
 * Anything else (an international number) is shown as typed.
 */
export function displayPhone(stored: string): string {
  const digits = stored.replace(/[\s.-]/g, "");
  if (/^\d{9}$/.test(digits)) return formatPhone(digits);
  if (/^0\d{9}$/.test(digits)) return formatPhone(digits.slice(1));
  if (/^\+33\d{9}$/.test(digits)) return formatPhone(digits.slice(3));
  return stored.trim();
}

import type { AnyColumn } from "drizzle-orm";

/**
 * The columns `publicNameOf` reads, from the user table or an alias of it (a thread's other
 * party): select these, never the e-mail or the full last name, to name someone to others.
 */
export function publicNameColumns<T extends { displayName: AnyColumn; firstname: AnyColumn; lastname: AnyColumn }>(
  table: T,
): Pick<T, "displayName" | "firstname" | "lastname"> {
  return { displayName: table.displayName, firstname: table.firstname, lastname: table.lastname };
}

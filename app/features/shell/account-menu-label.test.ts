import { describe, expect, it } from "vitest";
import type { SessionUser } from "~/features/auth/session-user";
import { accountMenuLabel } from "./account-menu";

const user = (firstname: string) => ({ firstname }) as SessionUser;

describe("the account menu's accessible name", () => {
  it("elides 'de' before a vowel as French writes it, and counts unread messages", () => {
    expect(accountMenuLabel(user("Camille"), 1)).toBe("Menu du compte de Camille (1 message non lu)");
    expect(accountMenuLabel(user("Élodie"), 0)).toBe("Menu du compte d'Élodie");
    expect(accountMenuLabel(user("Antoine"), 3)).toBe("Menu du compte d'Antoine (3 messages non lus)");
    expect(accountMenuLabel(null, 0)).toBe("Menu : connexion ou inscription");
  });
});

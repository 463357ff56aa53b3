import { describe, expect, it } from "vitest";
import { displayName } from "~/features/auth/session-user";
import { avatarInitial } from "./user-avatar";

describe("avatarInitial", () => {
  it("is the first name's initial, upper-cased", () => {
    expect(avatarInitial({ firstname: "élodie" })).toBe("É");
    expect(avatarInitial({ firstname: "  Marc " })).toBe("M");
  });

  it("is null without a first name (a person icon is drawn, never the username's first digit)", () => {
    expect(avatarInitial({ firstname: null })).toBeNull();
    expect(avatarInitial({ firstname: "   " })).toBeNull();
    expect(avatarInitial(null)).toBeNull();
  });
});

describe("displayName", () => {
  it("is the first name, or 'Utilisateur' (spec §2), never the generated username", () => {
    const users = [
      { firstname: "Marie", username: "4f8a2c19" },
      { firstname: null, username: "4f8a2c19" },
      { firstname: "  ", username: "4f8a2c19" },
    ];
    expect(users.map(displayName)).toEqual(["Marie", "Utilisateur", "Utilisateur"]);
  });
});

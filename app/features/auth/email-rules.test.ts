import { describe, expect, it } from "vitest";
import { EMAIL_INVALID, EMAIL_REQUIRED, emailProblem } from "./email-rules";

describe("emailProblem", () => {
  it.each([
    ["", EMAIL_REQUIRED],
    ["   ", EMAIL_REQUIRED],
    ["marie", EMAIL_INVALID],
    ["marie@", EMAIL_INVALID],
    ["marie@exemple", EMAIL_INVALID],
    ["marie dupont@exemple.fr", EMAIL_INVALID],
    ["marie@exemple.fr", null],
    [" marie.dupont+occazio@exemple.fr ", null],
  ])("%j → %j", (email, expected) => {
    expect(emailProblem(email)).toBe(expected);
  });
});

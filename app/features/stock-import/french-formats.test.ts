import { describe, expect, it } from "vitest";
import { readFrenchDate, readFrenchInteger, readFrenchMonth, readYear } from "./french-formats";

describe("readFrenchInteger", () => {
  it.each([
    ["12500", 12500],
    ["12 500", 12500],
    ["12\u00a0500", 12500],
    ["12\u202f500", 12500],
    ["12 500,00 €", 12500],
    ["12 500 €", 12500],
    ["€12500", 12500],
    ["12500 EUR", 12500],
    ["12500.00", 12500],
    ["12500,5", 12501],
    ["12499,49", 12499],
    ["45 000 km", 45000],
    ["130 ch", 130],
    ["7 CV", 7],
    ["0", 0],
  ])("reads %j as %d", (raw, expected) => {
    expect(readFrenchInteger(raw)).toBe(expected);
  });

  it.each([
    "12.500,00 €",
    "12.500",
    "12,500",
    "1,234,567",
    "-500",
    "1e5",
    "douze mille",
    "",
    "  ",
    "12 500,001",
    "€",
    "12/500",
  ])("refuses %j rather than guess", (raw) => {
    expect(readFrenchInteger(raw)).toBeUndefined();
  });
});

describe("readFrenchMonth", () => {
  it.each([
    ["03/2019", "03/2019"],
    ["3/2019", "03/2019"],
    ["03-2019", "03/2019"],
    ["03.2019", "03/2019"],
    ["2019-03", "03/2019"],
    ["12/03/2019", "03/2019"],
    ["2019-03-12", "03/2019"],
    [" 11/2020 ", "11/2020"],
  ])("reads %j as %j", (raw, expected) => {
    expect(readFrenchMonth(raw)).toBe(expected);
  });

  it.each(["13/2019", "00/2019", "03/19", "2019", "mars 2019", "31/02/2019", ""])("refuses %j", (raw) => {
    expect(readFrenchMonth(raw)).toBeUndefined();
  });
});

describe("readFrenchDate", () => {
  it.each([
    ["12/09/2026", "2026-09-12"],
    ["12-09-2026", "2026-09-12"],
    ["12.09.2026", "2026-09-12"],
    ["1/9/2026", "2026-09-01"],
    ["2026-09-12", "2026-09-12"],
    ["2026-09-12 00:00:00", "2026-09-12"],
    ["29/02/2024", "2024-02-29"],
  ])("reads %j as %j (day first)", (raw, expected) => {
    expect(readFrenchDate(raw)).toBe(expected);
  });

  it.each(["29/02/2023", "31/04/2025", "12/13/2026", "12/09/26", "09/2026", "demain"])("refuses %j", (raw) => {
    expect(readFrenchDate(raw)).toBeUndefined();
  });
});

describe("readYear", () => {
  it("reads a year, and a spreadsheet's 2019.0", () => {
    expect(readYear("2019")).toBe(2019);
    expect(readYear("2019.0")).toBe(2019);
    expect(readYear("19")).toBeUndefined();
    expect(readYear("2019-03")).toBeUndefined();
  });
});

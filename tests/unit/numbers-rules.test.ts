import { describe, expect, it } from "vitest";
import { numbersQuerySchema, yearAfter } from "#common/numbers";
import { centsToDecimal } from "#common/money";
import { shopDate } from "#common/shop-calendar";
import { presetRange } from "#web/features/staff-numbers/range";

describe("the shop's days", () => {
  it("takes today from the shop's calendar and a week from Monday", () => {
    // 07:30 UTC on Nov 26 is still Nov 25 in Los Angeles.
    const at = Date.parse("2026-11-26T07:30:00.000Z");
    expect(shopDate(at, "America/Los_Angeles")).toBe("2026-11-25");
    expect(shopDate(at, "America/New_York")).toBe("2026-11-26");
    expect(presetRange("week", "2026-11-26")).toEqual({ from: "2026-11-23", to: "2026-11-26" });
    expect(presetRange("month", "2026-11-26")).toEqual({ from: "2026-11-01", to: "2026-11-26" });
    const year = presetRange("year", "2026-11-26");
    expect(year).toEqual({ from: "2025-11-27", to: "2026-11-26" });
    expect(numbersQuerySchema.safeParse(year).success).toBe(true);
  });

  it("allows at most a year, leap days included", () => {
    expect(yearAfter("2028-02-29")).toBe("2029-02-28");
    expect(numbersQuerySchema.safeParse({ from: "2026-01-01", to: "2026-12-31" }).success).toBe(true);
    expect(numbersQuerySchema.safeParse({ from: "2026-01-01", to: "2027-01-01" }).success).toBe(false);
  });
});

describe("amounts for a spreadsheet", () => {
  it("are plain decimals, negative ones too", () => {
    expect([0, 5, 1250, -25, -399, 123456].map(centsToDecimal)).toEqual([
      "0.00",
      "0.05",
      "12.50",
      "-0.25",
      "-3.99",
      "1234.56",
    ]);
  });
});

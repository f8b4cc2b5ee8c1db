import { describe, expect, it } from "vitest";
import { formatCents } from "#common/money";

describe("formatCents", () => {
  it.each([
    [450, "$4.50"],
    [0, "$0.00"],
    [5, "$0.05"],
    [99, "$0.99"],
    [100, "$1.00"],
    [123456, "$1,234.56"],
    [100000000, "$1,000,000.00"],
    [-450, "-$4.50"],
  ])("%d cents is %s", (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

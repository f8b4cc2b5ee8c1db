import { describe, expect, it } from "vitest";
import {
  defaultModifierIds,
  groupRule,
  optionsKey,
  optionsSummary,
  selectionProblems,
  withOptionNames,
  type ModifierGroup,
} from "#common/modifiers";

const milk: ModifierGroup = {
  id: "grp-milk",
  name: "Milk",
  minSelected: 1,
  maxSelected: 1,
  options: [
    { id: "dairy", name: "Dairy milk", priceCents: 0, isDefault: true },
    { id: "oat", name: "Oat milk", priceCents: 50, isDefault: false },
  ],
};
const boosts: ModifierGroup = {
  id: "grp-boosts",
  name: "Boosts",
  minSelected: 0,
  maxSelected: 2,
  options: [
    { id: "protein", name: "Protein", priceCents: 100, isDefault: false },
    { id: "chia", name: "Chia seeds", priceCents: 50, isDefault: false },
    { id: "ginger", name: "Ginger shot", priceCents: 100, isDefault: false },
  ],
};

describe("add-on groups' rules (common/modifiers.ts, shared by the drink page and the server)", () => {
  it("states each rule as the drink page shows it", () => {
    expect(groupRule({ minSelected: 1, maxSelected: 1 })).toBe("Choose 1");
    expect(groupRule({ minSelected: 0, maxSelected: 3 })).toBe("Up to 3");
    expect(groupRule({ minSelected: 1, maxSelected: 2 })).toBe("Choose 1 to 2");
    expect(groupRule({ minSelected: 2, maxSelected: 2 })).toBe("Choose 2");
  });

  it("starts from the defaults", () => {
    expect(defaultModifierIds([milk, boosts])).toEqual(["dairy"]);
  });

  it("accepts a choice within every group's rule", () => {
    expect(selectionProblems([milk, boosts], ["oat", "protein", "chia"])).toEqual([]);
    expect(selectionProblems([milk, boosts], ["dairy"])).toEqual([]);
    expect(selectionProblems([], [])).toEqual([]);
  });

  it("names each problem: unknown, repeated, too few, too many", () => {
    const kinds = (ids: string[]) =>
      selectionProblems([milk, boosts], ids).map((problem) => [problem.kind, problem.message]);
    expect(kinds(["dairy", "boba"])).toEqual([["unknown", "“boba” is not an option for this drink"]]);
    expect(kinds(["oat", "oat"])).toEqual([["repeated", "Oat milk is chosen more than once"]]);
    expect(kinds(["protein"])).toEqual([["too_few", "Milk: choose 1"]]);
    expect(kinds(["dairy", "oat"])).toEqual([["too_many", "Milk: choose at most 1"]]);
    expect(kinds(["dairy", "protein", "chia", "ginger"])).toEqual([["too_many", "Boosts: choose at most 2"]]);
  });

  it("reads a line's choices as only what differs from the defaults, with prices (not on the board)", () => {
    const chosen = [
      { name: "Oat milk", priceCents: 50, isDefault: false },
      { name: "Regular ice", priceCents: 0, isDefault: true },
      { name: "Less sweet", priceCents: 0, isDefault: false },
    ];
    expect(optionsSummary(chosen)).toBe("Oat milk (+$0.50), Less sweet");
    expect(optionsSummary(chosen, { prices: false })).toBe("Oat milk, Less sweet");
    expect(optionsSummary([{ name: "Dairy milk", priceCents: 0, isDefault: true }])).toBe("");
    expect(optionsSummary(undefined)).toBe("");
    expect(withOptionNames("Berry Blast (Small)", chosen)).toBe("Berry Blast (Small) with Oat milk, Less sweet");
    expect(withOptionNames("Berry Blast (Small)", undefined)).toBe("Berry Blast (Small)");
  });

  it("keys a cart line by its non-default options in any order", () => {
    const oat = { id: "oat", isDefault: false };
    const protein = { id: "protein", isDefault: false };
    expect(optionsKey([oat, protein])).toBe(optionsKey([protein, oat]));
    expect(optionsKey([{ id: "dairy", isDefault: true }])).toBe("");
  });
});

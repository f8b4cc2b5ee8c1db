/**
 * Add-on groups ("Milk", "Boosts") as the catalog API returns them, and the one rule for what a
 * line may choose from them: the drink page shows its messages, the server refuses with them.
 */
import { formatCents } from "./money";

export interface ModifierOption {
  id: string;
  name: string;
  priceCents: number;
  /** Preselected on the drink page; a chosen default is not printed on receipts or the board. */
  isDefault: boolean;
}

export interface ModifierGroup {
  id: string;
  name: string;
  minSelected: number;
  maxSelected: number;
  /** Visible options, in display order. */
  options: ModifierOption[];
}

/** An option as an order keeps it: what it was called and cost when the order was placed. */
export interface ChosenOption {
  name: string;
  priceCents: number;
  isDefault: boolean;
}

/** The most option ids one line may carry (the largest group set in the seed has 5 choosable). */
export const MAX_MODIFIERS_PER_LINE = 20;

/** A group's rule as the drink page states it: "Choose 1", "Up to 3", "Choose 1 to 2". */
export function groupRule(group: Pick<ModifierGroup, "minSelected" | "maxSelected">): string {
  if (group.minSelected === group.maxSelected) return `Choose ${group.minSelected}`;
  if (group.minSelected === 0) return `Up to ${group.maxSelected}`;
  return `Choose ${group.minSelected} to ${group.maxSelected}`;
}

/** Whether a line must choose from the group (radio buttons when it takes exactly one). */
export const isRequiredGroup = (group: Pick<ModifierGroup, "minSelected">): boolean => group.minSelected > 0;

/** The defaults of every group, in display order: what the drink page starts with. */
export function defaultModifierIds(groups: readonly ModifierGroup[]): string[] {
  return groups.flatMap((group) =>
    group.options
      .filter((option) => option.isDefault)
      .slice(0, group.maxSelected)
      .map((option) => option.id),
  );
}

/**
 * The defaults the drink page preselects when some options are sold out: a sold-out default is
 * left unchosen (a required group then asks the shopper to choose another).
 */
export function availableDefaultIds(groups: readonly ModifierGroup[], soldOut: ReadonlySet<string>): string[] {
  return defaultModifierIds(groups).filter((id) => !soldOut.has(id));
}

/** A required group with fewer options left today than it needs: the drink cannot be made. */
export function groupSoldOut(
  groups: readonly ModifierGroup[],
  soldOut: ReadonlySet<string>,
): ModifierGroup | undefined {
  return groups.find((group) => group.options.filter((option) => !soldOut.has(option.id)).length < group.minSelected);
}

export type SelectionProblemKind = "unknown" | "repeated" | "too_few" | "too_many";

export interface SelectionProblem {
  kind: SelectionProblemKind;
  /** The group it concerns (too few, too many, a repeated option's group). */
  groupId?: string;
  /** Where in the chosen ids (unknown, repeated). */
  index?: number;
  message: string;
}

/**
 * What is wrong with choosing `ids` for a drink offered `groups`: an id that is none of its
 * options, an option chosen twice, a group with too few or too many. Empty when the line is fine.
 */
export function selectionProblems(groups: readonly ModifierGroup[], ids: readonly string[]): SelectionProblem[] {
  const problems: SelectionProblem[] = [];
  const groupOf = new Map<string, { group: ModifierGroup; option: ModifierOption }>();
  for (const group of groups) for (const option of group.options) groupOf.set(option.id, { group, option });
  const seen = new Set<string>();
  const counts = new Map<string, number>();
  ids.forEach((id, index) => {
    const found = groupOf.get(id);
    if (!found) {
      problems.push({ kind: "unknown", index, message: `“${id}” is not an option for this drink` });
      return;
    }
    if (seen.has(id)) {
      problems.push({
        kind: "repeated",
        index,
        groupId: found.group.id,
        message: `${found.option.name} is chosen more than once`,
      });
      return;
    }
    seen.add(id);
    counts.set(found.group.id, (counts.get(found.group.id) ?? 0) + 1);
  });
  for (const group of groups) {
    const count = counts.get(group.id) ?? 0;
    if (count < group.minSelected)
      problems.push({
        kind: "too_few",
        groupId: group.id,
        message: `${group.name}: ${groupRule(group).toLowerCase()}`,
      });
    else if (count > group.maxSelected)
      problems.push({
        kind: "too_many",
        groupId: group.id,
        message: `${group.name}: choose at most ${group.maxSelected}`,
      });
  }
  return problems;
}

/**
 * What tells two cart lines of one drink, size and note apart: the options that differ from the
 * defaults, in any order ("opt-boost-protein+opt-milk-oat"); empty for a line of defaults.
 */
export function optionsKey(options: readonly Pick<ModifierOption, "id" | "isDefault">[]): string {
  return options
    .filter((option) => !option.isDefault)
    .map((option) => option.id)
    .sort()
    .join("+");
}

/**
 * A line's name for people and screen readers with the options that differ from the defaults:
 * "Berry Blast (Small) with Oat milk, Protein"; a line of defaults keeps its label as it is.
 */
export function withOptionNames(label: string, options: readonly ChosenOption[] | undefined): string {
  const names = (options ?? []).filter((option) => !option.isDefault).map((option) => option.name);
  return names.length > 0 ? `${label} with ${names.join(", ")}` : label;
}

/** The options a line was bought with, in the order chosen, as the catalog names and prices them. */
export function chosenOptions(groups: readonly ModifierGroup[], ids: readonly string[]): ModifierOption[] {
  const byId = new Map(groups.flatMap((group) => group.options.map((option) => [option.id, option] as const)));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * How a line's choices read everywhere an order is shown: only what differs from the defaults,
 * each with its price when it costs ("Oat milk (+$0.50), Spirulina (+$0.75)"; the board leaves
 * prices out); empty for a line of defaults, which reads as the plain drink.
 */
export function optionsSummary(
  options: readonly ChosenOption[] | undefined,
  { prices = true }: { prices?: boolean } = {},
): string {
  return (options ?? [])
    .filter((option) => !option.isDefault)
    .map((option) =>
      prices && option.priceCents > 0 ? `${option.name} (+${formatCents(option.priceCents)})` : option.name,
    )
    .join(", ");
}

import { useId } from "react";
import { groupRule, type ModifierGroup, type SelectionProblem } from "#common/modifiers";
import { formatCents } from "#common/money";

interface ModifierGroupsProps {
  groups: readonly ModifierGroup[];
  /** The chosen option ids, in display order. */
  selected: readonly string[];
  onChange(selected: string[]): void;
  /** Options sold out at the shop today: shown, but not choosable. */
  soldOut: ReadonlySet<string>;
  /** What is wrong with the choice, shown in its group once the shopper has tried to buy. */
  problems: readonly SelectionProblem[];
}

/**
 * A drink's add-on groups, each a fieldset with its name and rule ("Milk · Choose 1"): radio
 * buttons for a group that takes exactly one, check boxes otherwise (the unticked ones disabled
 * once the group is full), each option with what it adds to the price.
 */
export function ModifierGroups({ groups, selected, onChange, soldOut, problems }: ModifierGroupsProps) {
  return (
    <div className="modifier-groups">
      {groups.map((group) => (
        <ModifierGroupFieldset
          key={group.id}
          group={group}
          selected={selected}
          onChange={onChange}
          soldOut={soldOut}
          problem={problems.find((problem) => problem.groupId === group.id)}
          order={groups}
        />
      ))}
    </div>
  );
}

function ModifierGroupFieldset({
  group,
  selected,
  onChange,
  soldOut,
  problem,
  order,
}: {
  group: ModifierGroup;
  selected: readonly string[];
  onChange(selected: string[]): void;
  soldOut: ReadonlySet<string>;
  problem: SelectionProblem | undefined;
  order: readonly ModifierGroup[];
}) {
  const name = useId();
  const messageId = useId();
  const single = group.minSelected === 1 && group.maxSelected === 1;
  const inGroup = new Set(group.options.map((option) => option.id));
  const chosenHere = selected.filter((id) => inGroup.has(id));
  const full = chosenHere.length >= group.maxSelected;

  /** The new selection, kept in display order so the same choice always reads the same. */
  function choose(optionId: string, on: boolean) {
    const others = single ? selected.filter((id) => !inGroup.has(id)) : selected.filter((id) => id !== optionId);
    const next = new Set(on ? [...others, optionId] : others);
    onChange(order.flatMap((each) => each.options.map((option) => option.id)).filter((id) => next.has(id)));
  }

  return (
    <fieldset
      className={`modifier-group${problem ? " modifier-group--invalid" : ""}`}
      aria-describedby={problem ? messageId : undefined}
      data-group={group.id}
    >
      <legend className="modifier-group__legend">
        <span className="modifier-group__name">{group.name}</span>{" "}
        <span className="modifier-group__rule">{groupRule(group)}</span>
      </legend>
      <div className="modifier-group__options">
        {group.options.map((option) => {
          const checked = chosenHere.includes(option.id);
          const optionSoldOut = soldOut.has(option.id);
          return (
            <label
              key={option.id}
              className={`modifier-option${checked ? " modifier-option--checked" : ""}${optionSoldOut ? " modifier-option--sold-out" : ""}`}
            >
              <input
                type={single ? "radio" : "checkbox"}
                name={name}
                value={option.id}
                checked={checked}
                // Still in the tab order and read out (like a sold-out size), but not choosable.
                aria-disabled={optionSoldOut || undefined}
                disabled={!single && !checked && full && !optionSoldOut}
                onChange={(event) => {
                  if (!optionSoldOut) choose(option.id, event.target.checked);
                }}
              />
              <span className="modifier-option__name">{option.name}</span>{" "}
              {optionSoldOut ? (
                <span className="modifier-option__sold-out">Sold out today</span>
              ) : (
                option.priceCents > 0 && (
                  <span className="modifier-option__price">+{formatCents(option.priceCents)}</span>
                )
              )}
            </label>
          );
        })}
      </div>
      {problem && (
        <p id={messageId} className="modifier-group__message" role="alert">
          {problem.message}
        </p>
      )}
    </fieldset>
  );
}

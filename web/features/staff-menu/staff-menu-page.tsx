import { useId, useState } from "react";
import toast from "react-hot-toast";
import { PAUSE_DURATIONS_MINUTES, WHOLE_DRINK, type SoldOutScope } from "#common/availability";
import { sizeLabel } from "#common/catalog";
import type {
  SoldOutChangeRequest,
  StaffAddOnGroup,
  StaffAvailability,
  StaffMenuDrink,
} from "#common/staff-availability";
import { formatTimeIn } from "#common/hours/format";
import { FormField } from "#web/components/form-field/form-field";
import { errorMessage } from "#web/lib/query-client";
import { useChangeOptionSoldOut } from "./api/change-option-sold-out";
import { useChangeSoldOut } from "./api/change-sold-out";
import { useAvailability } from "./api/get-availability";
import { usePauseOrdering } from "./api/pause-ordering";
import { useResumeOrdering } from "./api/resume-ordering";
import "./staff-menu.css";

/**
 * The staff side's Menu page: pause online orders, and mark drinks or sizes sold out and back,
 * drinks grouped by category with a search box, and add-on options (oat milk) by group. Made for a tablet on the counter: large targets,
 * one tap each, a change shows at once, and the last one can be undone from a bar that stays in
 * view. It sits in the staff frame (tabs, new-order alerts); its own lazily loaded chunk, like
 * the board: nothing of it reaches the shopper's pages.
 */
export default function StaffMenuPage() {
  return (
    <div className="staff-menu">
      <div className="container">
        <h1 className="staff-menu__title">Menu and ordering</h1>
        <StaffControls />
      </div>
    </div>
  );
}

/** The last sold-out change, said in the bar that offers to undo it. */
interface LastChange {
  text: string;
  undo(): void;
}

function StaffControls() {
  const availability = useAvailability();
  const [last, setLast] = useState<LastChange | null>(null);
  const drinkChange = useChangeSoldOut();
  const optionChange = useChangeOptionSoldOut();
  const busy = drinkChange.isPending || optionChange.isPending;
  if (availability.isError) {
    return (
      <p className="staff-menu__error" role="alert">
        {errorMessage(availability.error)}{" "}
        <button type="button" className="btn btn--small" onClick={() => void availability.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  if (!availability.data) {
    return (
      <p role="status" className="muted">
        Loading…
      </p>
    );
  }
  return (
    <>
      <PauseControls availability={availability.data} />
      <SoldOutControls availability={availability.data} change={drinkChange} busy={busy} onChanged={setLast} />
      <AddOnControls availability={availability.data} change={optionChange} busy={busy} onChanged={setLast} />
      <div className="staff-undo" role="status" aria-live="polite">
        {last && (
          <>
            <span>{last.text}</span>
            <button type="button" className="btn btn--small staff-button" disabled={busy} onClick={last.undo}>
              Undo
            </button>
          </>
        )}
      </div>
    </>
  );
}

function PauseControls({ availability }: { availability: StaffAvailability }) {
  const pause = usePauseOrdering();
  const resume = useResumeOrdering();
  const busy = pause.isPending || resume.isPending;
  const paused = availability.pause;
  const fail = (error: unknown) => toast.error(errorMessage(error));

  return (
    <section className="staff-card" aria-labelledby="pause-title">
      <h2 id="pause-title">Online orders</h2>
      <p className="staff-pause__state" role="status">
        {!paused
          ? "Taking online orders."
          : paused.pausedUntil
            ? `Paused until ${formatTimeIn(new Date(paused.pausedUntil), availability.timeZone)} (by ${paused.pausedBy}).`
            : `Paused until resumed (by ${paused.pausedBy}).`}
      </p>
      <div className="staff-pause__actions" role="group" aria-label="Pause online orders">
        <span className="staff-pause__label" aria-hidden="true">
          Pause online orders:
        </span>
        {PAUSE_DURATIONS_MINUTES.map((minutes) => (
          <button
            key={minutes}
            type="button"
            className="btn btn--ghost staff-button"
            disabled={busy}
            aria-label={`Pause online orders for ${minutes} minutes`}
            onClick={() => pause.mutate({ minutes }, { onError: fail })}
          >
            {minutes} minutes
          </button>
        ))}
        <button
          type="button"
          className="btn btn--ghost staff-button"
          disabled={busy}
          aria-label="Pause online orders until resumed"
          onClick={() => pause.mutate({ minutes: null }, { onError: fail })}
        >
          Until resumed
        </button>
      </div>
      {paused && (
        <button
          type="button"
          className="btn btn--primary staff-button"
          disabled={busy}
          onClick={() => resume.mutate(undefined, { onError: fail })}
        >
          Resume online orders
        </button>
      )}
    </section>
  );
}

function describeChange(drink: StaffMenuDrink, change: SoldOutChangeRequest): string {
  const what = change.size === WHOLE_DRINK ? drink.name : `${drink.name} (${sizeLabel(change.size)})`;
  return change.soldOut ? `${what} marked sold out.` : `${what} is back on the menu.`;
}

interface ChangeControlsProps<Change> {
  availability: StaffAvailability;
  change: { mutate(request: Change, options: { onError(error: unknown): void }): void };
  busy: boolean;
  /** The change just made (with its undo), or null when there is nothing to undo. */
  onChanged(last: LastChange | null): void;
}

/**
 * Sends a sold-out change and shows its undo at once (the undo sends the opposite change, and is
 * not itself undoable); a refused change takes its undo away and says why.
 */
function sendUndoable<Change extends { soldOut: boolean }>(
  { change, onChanged: setLast }: Pick<ChangeControlsProps<Change>, "change" | "onChanged">,
  request: Change,
  describe: (request: Change) => string,
  remember = true,
): void {
  setLast(
    remember
      ? {
          text: describe(request),
          undo: () =>
            sendUndoable({ change, onChanged: setLast }, { ...request, soldOut: !request.soldOut }, describe, false),
        }
      : null,
  );
  change.mutate(request, {
    onError: (error) => {
      setLast(null);
      toast.error(errorMessage(error));
    },
  });
}

function SoldOutControls({ availability, change, busy, onChanged }: ChangeControlsProps<SoldOutChangeRequest>) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const isMarked = (productId: string, size: SoldOutScope) =>
    availability.soldOut.some((mark) => mark.productId === productId && mark.size === size);
  const groups = groupByCategory(availability.menu, query);

  const apply = (drink: StaffMenuDrink, request: SoldOutChangeRequest) =>
    sendUndoable({ change, onChanged }, request, (sent) => describeChange(drink, sent));

  return (
    <section className="staff-card" aria-labelledby="sold-out-title">
      <h2 id="sold-out-title">Sold out</h2>
      <p className="muted">Tap a drink or a size when it runs out; shoppers see it within seconds.</p>
      <FormField id={searchId} label="Find a drink" className="staff-search">
        {(control) => (
          <input
            {...control}
            type="search"
            className="staff-search__input"
            value={query}
            placeholder="Name of a drink"
            autoComplete="off"
            onChange={(event) => setQuery(event.target.value)}
          />
        )}
      </FormField>
      {groups.length === 0 && <p role="status">No drink matches “{query.trim()}”.</p>}
      {groups.map((group, index) => (
        <section key={group.name} className="staff-category" aria-labelledby={`${searchId}-category-${index}`}>
          <h3 id={`${searchId}-category-${index}`} className="staff-category__title">
            {group.name}
          </h3>
          <ul role="list" className="staff-drinks">
            {group.drinks.map((drink) => (
              <DrinkToggles key={drink.productId} drink={drink} isMarked={isMarked} busy={busy} onChange={apply} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

/**
 * Add-on options by group (Milk: dairy, oat, almond), one toggle each: an option sold out here is
 * offered with no drink until it is back.
 */
function AddOnControls({
  availability,
  change,
  busy,
  onChanged,
}: ChangeControlsProps<{ optionId: string; soldOut: boolean }>) {
  const headingId = useId();
  if (availability.addOns.length === 0) return null;
  const marks = new Map(availability.soldOutOptions.map((mark) => [mark.optionId, mark]));

  const apply = (name: string, request: { optionId: string; soldOut: boolean }) =>
    sendUndoable({ change, onChanged }, request, (sent) =>
      sent.soldOut ? `${name} marked sold out.` : `${name} is back on the menu.`,
    );

  return (
    <section className="staff-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Add-ons</h2>
      <p className="muted">Tap an add-on when it runs out: no drink offers it until you tap it again.</p>
      {availability.addOns.map((group) => (
        <AddOnGroupToggles key={group.groupId} group={group} marks={marks} busy={busy} onChange={apply} />
      ))}
    </section>
  );
}

function AddOnGroupToggles({
  group,
  marks,
  busy,
  onChange,
}: {
  group: StaffAddOnGroup;
  marks: ReadonlyMap<string, StaffAvailability["soldOutOptions"][number]>;
  busy: boolean;
  onChange(name: string, request: { optionId: string; soldOut: boolean }): void;
}) {
  const headingId = useId();
  return (
    <section className="staff-category" aria-labelledby={headingId}>
      <h3 id={headingId} className="staff-category__title">
        {group.name}
      </h3>
      {group.offeredWith.length > 0 && <p className="staff-add-ons__for muted">With {group.offeredWith.join(", ")}</p>}
      <ul role="list" className="staff-add-ons">
        {group.options.map((option) => {
          const mark = marks.get(option.optionId);
          return (
            <li key={option.optionId}>
              <button
                type="button"
                className="btn staff-button staff-toggle"
                aria-pressed={mark !== undefined}
                aria-label={`${option.name} (${group.name}): ${mark ? "sold out" : "available"}`}
                title={mark ? `Marked sold out by ${mark.markedBy}` : undefined}
                disabled={busy}
                onClick={() => onChange(option.name, { optionId: option.optionId, soldOut: !mark })}
              >
                {option.name}
                {mark ? " · sold out" : ""}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The drinks by category, in the menu's order, keeping those whose name matches the search. */
function groupByCategory(menu: StaffMenuDrink[], query: string): Array<{ name: string; drinks: StaffMenuDrink[] }> {
  const wanted = query.trim().toLocaleLowerCase("en-US");
  const groups: Array<{ name: string; drinks: StaffMenuDrink[] }> = [];
  for (const drink of menu) {
    if (wanted && !drink.name.toLocaleLowerCase("en-US").includes(wanted)) continue;
    let group = groups.find((candidate) => candidate.name === drink.categoryName);
    if (!group) groups.push((group = { name: drink.categoryName, drinks: [] }));
    group.drinks.push(drink);
  }
  return groups;
}

function DrinkToggles({
  drink,
  isMarked,
  busy,
  onChange,
}: {
  drink: StaffMenuDrink;
  isMarked(productId: string, size: SoldOutScope): boolean;
  busy: boolean;
  onChange(drink: StaffMenuDrink, request: SoldOutChangeRequest): void;
}) {
  const wholeOut = isMarked(drink.productId, WHOLE_DRINK);
  const sized = !(drink.sizes.length === 1 && drink.sizes[0] === "default");
  return (
    <li className={`staff-drink${wholeOut ? " staff-drink--out" : ""}`}>
      <div className="staff-drink__name">
        <strong>{drink.name}</strong>
      </div>
      <div className="staff-drink__toggles">
        <button
          type="button"
          className="btn staff-button staff-toggle"
          aria-pressed={wholeOut}
          disabled={busy}
          onClick={() => onChange(drink, { productId: drink.productId, size: WHOLE_DRINK, soldOut: !wholeOut })}
        >
          {wholeOut ? `${drink.name}: sold out` : `${drink.name}: available`}
        </button>
        {sized &&
          drink.sizes.map((size) => {
            const out = isMarked(drink.productId, size);
            return (
              <button
                key={size}
                type="button"
                className="btn staff-button staff-toggle staff-toggle--size"
                aria-pressed={out}
                aria-label={`${drink.name} ${sizeLabel(size)}: ${out ? "sold out" : "available"}`}
                disabled={busy || wholeOut}
                onClick={() => onChange(drink, { productId: drink.productId, size, soldOut: !out })}
              >
                {sizeLabel(size)}
                {out ? " · sold out" : ""}
              </button>
            );
          })}
      </div>
    </li>
  );
}

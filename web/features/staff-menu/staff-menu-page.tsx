import { useState } from "react";
import toast from "react-hot-toast";
import { Link } from "react-router";
import { PAUSE_DURATIONS_MINUTES, WHOLE_DRINK, type SoldOutScope } from "#common/availability";
import { sizeLabel } from "#common/catalog";
import type { SoldOutChangeRequest, StaffAvailability, StaffMenuDrink } from "#common/staff-availability";
import { formatTimeIn } from "#common/hours/format";
import { errorMessage } from "#web/lib/query-client";
import { usePageMeta } from "#web/lib/use-page-meta";
import { useSessionStore } from "#web/lib/session-store";
import { useChangeSoldOut } from "./api/change-sold-out";
import { useAvailability } from "./api/get-availability";
import { usePauseOrdering } from "./api/pause-ordering";
import { useResumeOrdering } from "./api/resume-ordering";
import "./staff-menu.css";

/**
 * The board's Menu tab: pause online orders, and mark drinks or sizes sold out and back. Made
 * for a tablet on the counter: large targets, one tap each, and the last change can be undone
 * with one more tap. Its own lazily loaded chunk, like the board: nothing of it reaches the
 * shopper's pages.
 */
export default function StaffMenuPage() {
  usePageMeta("Menu and ordering", "Pause online orders and mark drinks sold out.");
  const staff = useSessionStore((state) => state.user.staff);
  return (
    <div className="staff-menu">
      <div className="container">
        <nav className="staff-tabs" aria-label="Order board">
          <Link to="/staff" className="staff-tabs__tab">
            Orders
          </Link>
          <Link to="/staff/menu" className="staff-tabs__tab staff-tabs__tab--current" aria-current="page">
            Menu
          </Link>
        </nav>
        <h1 className="staff-menu__title">Menu and ordering</h1>
        {staff && <p className="staff-menu__location">{staff.locationName}</p>}
        {staff ? <StaffControls /> : <p>Only the shop's staff can use this page. Sign in with your staff account.</p>}
      </div>
    </div>
  );
}

function StaffControls() {
  const availability = useAvailability();
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
      <SoldOutControls availability={availability.data} />
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

function SoldOutControls({ availability }: { availability: StaffAvailability }) {
  const change = useChangeSoldOut();
  const [last, setLast] = useState<{ drink: StaffMenuDrink; change: SoldOutChangeRequest } | null>(null);
  const isMarked = (productId: string, size: SoldOutScope) =>
    availability.soldOut.some((mark) => mark.productId === productId && mark.size === size);

  function apply(drink: StaffMenuDrink, request: SoldOutChangeRequest, remember = true) {
    change.mutate(request, {
      onSuccess: () => setLast(remember ? { drink, change: request } : null),
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  return (
    <section className="staff-card" aria-labelledby="sold-out-title">
      <h2 id="sold-out-title">Sold out</h2>
      <p className="muted">Tap a drink or a size when it runs out; shoppers see it within seconds.</p>
      <div className="staff-undo" role="status" aria-live="polite">
        {last && (
          <>
            <span>{describeChange(last.drink, last.change)}</span>
            <button
              type="button"
              className="btn btn--small staff-button"
              disabled={change.isPending}
              onClick={() => apply(last.drink, { ...last.change, soldOut: !last.change.soldOut }, false)}
            >
              Undo
            </button>
          </>
        )}
      </div>
      <ul role="list" className="staff-drinks">
        {availability.menu.map((drink) => {
          const wholeOut = isMarked(drink.productId, WHOLE_DRINK);
          const sized = !(drink.sizes.length === 1 && drink.sizes[0] === "default");
          return (
            <li key={drink.productId} className={`staff-drink${wholeOut ? " staff-drink--out" : ""}`}>
              <div className="staff-drink__name">
                <strong>{drink.name}</strong>
                <span className="muted"> · {drink.categoryName}</span>
              </div>
              <div className="staff-drink__toggles">
                <button
                  type="button"
                  className="btn staff-button staff-toggle"
                  aria-pressed={wholeOut}
                  disabled={change.isPending}
                  onClick={() => apply(drink, { productId: drink.productId, size: WHOLE_DRINK, soldOut: !wholeOut })}
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
                        disabled={change.isPending || wholeOut}
                        onClick={() => apply(drink, { productId: drink.productId, size, soldOut: !out })}
                      >
                        {sizeLabel(size)}
                        {out ? " · sold out" : ""}
                      </button>
                    );
                  })}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

import { hoursExceptionLine, weeklyHoursLines } from "#common/hours/format";
import type { ShopStatus } from "#common/availability";
import { useShopStatus } from "./shop-status-store";

/**
 * The week's opening hours, Monday first, on the shop's clock (footer and About page), then the
 * days of the next two weeks with other hours: "Thu Nov 26 · Closed · Thanksgiving Day".
 */
export function WeeklyHours({
  title = "Opening hours",
  className,
  headingClassName,
  of,
}: {
  title?: string;
  className?: string;
  headingClassName?: string;
  /** Another shop's state than the chosen one's (a shop's own page). */
  of?: ShopStatus | null;
}) {
  const chosen = useShopStatus((state) => state.status);
  const status = of === undefined ? chosen : of;
  if (!status) return null;
  return (
    <section className={["weekly-hours", className].filter(Boolean).join(" ")} aria-label={title}>
      <h2 className={headingClassName ?? "weekly-hours__title"}>{title}</h2>
      <dl className="weekly-hours__list">
        {weeklyHoursLines(status.weeklyHours).map((line) => (
          <div key={line.day} className="weekly-hours__row">
            <dt>{line.day}</dt>
            <dd>{line.hours}</dd>
          </div>
        ))}
      </dl>
      {status.hoursExceptions.length > 0 && (
        <ul role="list" className="weekly-hours__exceptions" aria-label="Other hours in the next two weeks">
          {status.hoursExceptions.map((exception) => (
            <li key={exception.date}>{hoursExceptionLine(exception)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default WeeklyHours;

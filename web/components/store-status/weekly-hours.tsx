import { weeklyHoursLines } from "#common/hours/format";
import { useStoreStatus } from "./store-status-store";

/** The week's opening hours, Monday first, on the shop's clock (footer and About page). */
export function WeeklyHours({
  title = "Opening hours",
  className,
  headingClassName,
}: {
  title?: string;
  className?: string;
  headingClassName?: string;
}) {
  const status = useStoreStatus((state) => state.status);
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
    </section>
  );
}

export default WeeklyHours;

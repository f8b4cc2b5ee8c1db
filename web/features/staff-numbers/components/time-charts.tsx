import { DISCOUNT_PART_LABELS, type DayFigures, type HourFigures } from "#common/numbers";
import { DISCOUNT_KINDS } from "#common/promo-codes";
import { formatCents } from "#common/money";
import { BarChart, type Bar } from "./bar-chart";

/** "1 AM", and the repeated hour of the day the clocks go back: "1 AM (again)". */
export function hourName(hour: HourFigures): string {
  const twelve = hour.hour % 12 === 0 ? 12 : hour.hour % 12;
  return `${twelve} ${hour.hour < 12 ? "AM" : "PM"}${hour.repeat ? " (again)" : ""}`;
}

function shortHour(hour: HourFigures): string {
  const twelve = hour.hour % 12 === 0 ? 12 : hour.hour % 12;
  return `${twelve}${hour.hour < 12 ? "a" : "p"}${hour.repeat ? "′" : ""}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function dayName(date: string): string {
  const [, month, day] = date.split("-").map(Number) as [number, number, number];
  return `${MONTHS[month - 1]} ${day}`;
}

/** Orders and net sales by the hour of the shop's day, as bars and as a table for screen readers. */
export function HourCharts({ hours, oneDay }: { hours: HourFigures[]; oneDay: boolean }) {
  const every = hours.length > 12 ? 3 : 1;
  const bars = (pick: (hour: HourFigures) => { value: number; text: string }): Bar[] =>
    hours.map((hour) => ({ label: shortHour(hour), name: hourName(hour), ...pick(hour) }));
  return (
    <section className="numbers-section" aria-labelledby="numbers-hours">
      <h2 id="numbers-hours">By hour{oneDay ? "" : " of the day"}</h2>
      <div className="numbers-charts">
        <BarChart
          title="Net sales"
          labelEvery={every}
          axisText={formatCents}
          bars={bars((hour) => ({ value: hour.netSalesCents, text: formatCents(hour.netSalesCents) }))}
        />
        <BarChart
          title="Orders"
          labelEvery={every}
          axisText={String}
          bars={bars((hour) => ({ value: hour.orders, text: String(hour.orders) }))}
        />
      </div>
      <div className="visually-hidden">
        <table>
          <caption>Figures by hour{oneDay ? "" : " of the day, summed across the days"}</caption>
          <thead>
            <tr>
              <th scope="col">Hour</th>
              <th scope="col">Orders</th>
              <th scope="col">Gross sales</th>
              <th scope="col">Discounts</th>
              {DISCOUNT_KINDS.map((kind) => (
                <th key={kind} scope="col">
                  {DISCOUNT_PART_LABELS[kind]}
                </th>
              ))}
              <th scope="col">Refunds</th>
              <th scope="col">Net sales</th>
            </tr>
          </thead>
          <tbody>
            {hours.map((hour) => (
              <tr key={`${hour.hour}-${hour.repeat}`}>
                <th scope="row">{hourName(hour)}</th>
                <td>{hour.orders}</td>
                <td>{formatCents(hour.grossSalesCents)}</td>
                <td>{formatCents(hour.discountsCents)}</td>
                {DISCOUNT_KINDS.map((kind) => (
                  <td key={kind}>{formatCents(hour.discountParts[kind])}</td>
                ))}
                <td>{formatCents(hour.refundsCents)}</td>
                <td>{formatCents(hour.netSalesCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Net sales and orders by day across a range. */
export function DayCharts({ days }: { days: DayFigures[] }) {
  const every = Math.max(1, Math.ceil(days.length / 8));
  return (
    <section className="numbers-section" aria-labelledby="numbers-days">
      <h2 id="numbers-days">By day</h2>
      <div className="numbers-charts">
        <BarChart
          title="Net sales"
          labelEvery={every}
          axisText={formatCents}
          bars={days.map((day) => ({
            label: dayName(day.date),
            name: dayName(day.date),
            value: day.netSalesCents,
            text: formatCents(day.netSalesCents),
          }))}
        />
        <BarChart
          title="Orders"
          labelEvery={every}
          axisText={String}
          bars={days.map((day) => ({
            label: dayName(day.date),
            name: dayName(day.date),
            value: day.orders,
            text: String(day.orders),
          }))}
        />
      </div>
      <div className="visually-hidden">
        <table>
          <caption>Figures by day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Orders</th>
              <th scope="col">Gross sales</th>
              <th scope="col">Discounts</th>
              {DISCOUNT_KINDS.map((kind) => (
                <th key={kind} scope="col">
                  {DISCOUNT_PART_LABELS[kind]}
                </th>
              ))}
              <th scope="col">Refunds</th>
              <th scope="col">Net sales</th>
              <th scope="col">Tips</th>
              <th scope="col">Total collected</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{day.date}</th>
                <td>{day.orders}</td>
                <td>{formatCents(day.grossSalesCents)}</td>
                <td>{formatCents(day.discountsCents)}</td>
                {DISCOUNT_KINDS.map((kind) => (
                  <td key={kind}>{formatCents(day.discountParts[kind])}</td>
                ))}
                <td>{formatCents(day.refundsCents)}</td>
                <td>{formatCents(day.netSalesCents)}</td>
                <td>{formatCents(day.tipsCents)}</td>
                <td>{formatCents(day.totalCollectedCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

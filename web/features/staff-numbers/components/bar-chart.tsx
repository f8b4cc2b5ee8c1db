import { useId } from "react";

export interface Bar {
  /** Under the bar (may be blank for a crowded axis). */
  label: string;
  /** What a screen reader and the tooltip say of the bar. */
  name: string;
  value: number;
  text: string;
}

const HEIGHT = 120;

/**
 * Bars in plain SVG (no chart library: the staff chunk stays small, decision record 0024), scaled
 * to the width they are given, with a zero line when some bars are negative (a refund's hour).
 * The picture is hidden from screen readers: the table beside it carries the same numbers.
 */
export function BarChart({ title, bars, labelEvery = 1 }: { title: string; bars: Bar[]; labelEvery?: number }) {
  const titleId = useId();
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  const min = Math.min(0, ...bars.map((bar) => bar.value));
  const span = max - min || 1;
  const zero = (max / span) * HEIGHT;
  const width = Math.max(bars.length, 1);
  return (
    <figure className="numbers-chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className="numbers-chart__title">
        {title}
      </figcaption>
      <svg
        className="numbers-chart__bars"
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        {bars.map((bar, index) => {
          const size = (Math.abs(bar.value) / span) * HEIGHT;
          return (
            <rect
              key={index}
              className={bar.value < 0 ? "numbers-chart__bar numbers-chart__bar--negative" : "numbers-chart__bar"}
              x={index + 0.12}
              width={0.76}
              y={bar.value < 0 ? zero : zero - size}
              height={Math.max(size, bar.value === 0 ? 0 : 0.5)}
            >
              <title>{`${bar.name}: ${bar.text}`}</title>
            </rect>
          );
        })}
        <line className="numbers-chart__zero" x1={0} x2={width} y1={zero} y2={zero} vectorEffect="non-scaling-stroke" />
      </svg>
      <div
        className="numbers-chart__axis"
        aria-hidden="true"
        style={{ gridTemplateColumns: `repeat(${width}, minmax(0, 1fr))` }}
      >
        {bars.map((bar, index) => (
          <span key={index}>{index % labelEvery === 0 ? bar.label : ""}</span>
        ))}
      </div>
    </figure>
  );
}

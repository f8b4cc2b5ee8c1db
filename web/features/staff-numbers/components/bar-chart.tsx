import { useId, useState, type PointerEvent } from "react";

export interface Bar {
  /** Under the bar (may be blank for a crowded axis). */
  label: string;
  /** What the readout (and a screen reader's table) says of the bar. */
  name: string;
  value: number;
  text: string;
}

const HEIGHT = 120;

/**
 * Bars in plain SVG (no chart library: the staff chunk stays small, decision record 0024), scaled
 * to the width they are given, with a zero line when some bars are negative (a refund's hour).
 * The value axis names its top, zero and (when some bar is below it) its bottom; a tap or a hover
 * on a bar shows its name and value above the bars. The picture is hidden from screen readers:
 * the table beside it carries the same numbers.
 */
export function BarChart({
  title,
  bars,
  labelEvery = 1,
  axisText,
}: {
  title: string;
  bars: Bar[];
  labelEvery?: number;
  /** How the value axis writes a value ($ for money, a count for orders). */
  axisText(value: number): string;
}) {
  const titleId = useId();
  const [active, setActive] = useState<number | null>(null);
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  const min = Math.min(0, ...bars.map((bar) => bar.value));
  const span = max - min || 1;
  const zero = (max / span) * HEIGHT;
  const width = Math.max(bars.length, 1);
  const shown = active === null ? undefined : bars[active];

  // The bar under the pointer, by where across the chart it is (a tap anywhere in a bar's column counts).
  function barAt(event: PointerEvent<SVGSVGElement>): number | null {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || bars.length === 0) return null;
    const index = Math.floor(((event.clientX - box.left) / box.width) * bars.length);
    return Math.min(bars.length - 1, Math.max(0, index));
  }

  return (
    <figure className="numbers-chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className="numbers-chart__title">
        {title}
      </figcaption>
      <p className="numbers-chart__readout" aria-hidden="true" data-testid="chart-readout">
        {shown ? `${shown.name}: ${shown.text}` : "Tap a bar for its value"}
      </p>
      <div className="numbers-chart__plot">
        <div className="numbers-chart__values" aria-hidden="true" data-testid="chart-axis">
          <span style={{ top: 0 }}>{axisText(max)}</span>
          {max > 0 && min < 0 && <span style={{ top: `${(zero / HEIGHT) * 100}%` }}>{axisText(0)}</span>}
          <span style={{ top: "100%" }}>{axisText(min)}</span>
        </div>
        <svg
          className="numbers-chart__bars"
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
          onPointerDown={(event) => setActive(barAt(event))}
          onPointerMove={(event) => {
            if (event.pointerType === "mouse") setActive(barAt(event));
          }}
          onPointerLeave={(event) => {
            if (event.pointerType === "mouse") setActive(null);
          }}
        >
          {bars.map((bar, index) => {
            const size = (Math.abs(bar.value) / span) * HEIGHT;
            return (
              <g key={index}>
                {index === active && (
                  <rect className="numbers-chart__focus" x={index} width={1} y={0} height={HEIGHT} />
                )}
                <rect
                  className={bar.value < 0 ? "numbers-chart__bar numbers-chart__bar--negative" : "numbers-chart__bar"}
                  x={index + 0.12}
                  width={0.76}
                  y={bar.value < 0 ? zero : zero - size}
                  height={Math.max(size, bar.value === 0 ? 0 : 0.5)}
                />
              </g>
            );
          })}
          <line
            className="numbers-chart__zero"
            x1={0}
            x2={width}
            y1={zero}
            y2={zero}
            vectorEffect="non-scaling-stroke"
          />
        </svg>
      </div>
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

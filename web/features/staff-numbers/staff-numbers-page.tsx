import { useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { numbersQuerySchema, type NumbersQuery } from "#common/numbers";
import { FormField } from "#web/components/form-field/form-field";
import { ApiRequestError } from "#web/lib/api-client";
import { ALL_SHOPS_PARAM, useStaffShops } from "#web/shared-features/staff-shops/api/get-staff-shops";
import { errorMessage } from "#web/lib/query-client";
import { numbersSearch, useNumbers } from "./api/get-numbers";
import { FigureCards } from "./components/figure-cards";
import { PromoCodes } from "./components/promo-codes";
import { Splits } from "./components/splits";
import { StampCard } from "./components/stamp-card";
import { DayCharts, HourCharts } from "./components/time-charts";
import { WhatSold } from "./components/what-sold";
import { shopDate } from "#common/shop-calendar";
import { presetRange, RANGE_PRESET_LABELS, RANGE_PRESETS, type RangePreset } from "./range";
import "./staff-numbers.css";

const DEVICE_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The owner's numbers: a day (today on the shop's calendar by default), a week, a month or chosen
 * dates of at most a year, for one shop or every shop the viewer may see. Every figure comes from
 * the server as it is shown (GET /api/staff/numbers); the page adds nothing up. Its own chunk in
 * the staff frame, like the board: nothing of it reaches the shopper's pages.
 */
export default function StaffNumbersPage() {
  const [preset, setPreset] = useState<RangePreset>("today");
  // The shop is chosen in one place, the staff bar: its shop, or every shop (?shops=all).
  const shown = useStaffShops().data;
  const [search] = useSearchParams();
  const location = !shown || search.get(ALL_SHOPS_PARAM.name) === ALL_SHOPS_PARAM.value ? "" : shown.current.locationId;
  const [zone, setZone] = useState(DEVICE_ZONE);
  const [custom, setCustom] = useState(() => presetRange("today", shopDate(Date.now(), DEVICE_ZONE)));
  const today = shopDate(Date.now(), zone);
  const range = preset === "custom" ? custom : presetRange(preset, today);
  const query: NumbersQuery = { ...range, ...(location ? { location } : {}) };
  const valid = numbersQuerySchema.safeParse(query);
  const asked = valid.success ? valid.data : { ...presetRange("today", today) };
  // Asked only once the staff bar's shop is known, so no request is made for a shop not shown.
  const numbers = useNumbers(asked, shown !== undefined);
  // The figures of the range asked, or none: a range still loading shows no other range's figures.
  const figures = numbers.data;

  // "Today" is the shop's: once the shops' time zones are known, the dates follow them.
  const shopZone = figures?.viewable.find((shop) => shop.id === location)?.timeZone ?? figures?.viewable[0]?.timeZone;
  useEffect(() => {
    if (shopZone && shopZone !== zone) setZone(shopZone);
  }, [shopZone, zone]);

  const refused = numbers.error instanceof ApiRequestError ? numbers.error.status : null;
  if (refused === 403) {
    return (
      <div className="staff-numbers container">
        <h1 className="staff-numbers__title">Numbers</h1>
        <p role="alert">The numbers are for the shops' managers and owner.</p>
      </div>
    );
  }

  const shopLabel = figures && figures.locations.length === 1 ? figures.locations[0]!.name : "All shops";
  return (
    <div className="staff-numbers container">
      <h1 className="staff-numbers__title">Numbers</h1>
      <RangeControls
        preset={preset}
        onPreset={(next) => {
          if (next === "custom") setCustom(range);
          setPreset(next);
        }}
        custom={custom}
        onCustom={setCustom}
        error={valid.success ? null : (valid.error.issues[0]?.message ?? null)}
      />
      {numbers.isError && !figures ? (
        <p className="staff-numbers__error" role="alert">
          {errorMessage(numbers.error)}{" "}
          <button type="button" className="btn btn--small" onClick={() => void numbers.refetch()}>
            Try again
          </button>
        </p>
      ) : !figures ? (
        <p className="staff-numbers__loading" role="status" aria-busy="true">
          Loading the numbers of {rangeLabel(asked.from, asked.to, today)}…
        </p>
      ) : (
        <div aria-busy={numbers.isFetching} className="staff-numbers__body">
          <p className="staff-numbers__range" role="status">
            {shopLabel} · {rangeLabel(figures.from, figures.to, today)}
          </p>
          <FigureCards totals={figures.totals} apart={figures.apart} />
          <HourCharts hours={figures.byHour} oneDay={figures.from === figures.to} />
          {figures.byDay.length > 1 && <DayCharts days={figures.byDay} />}
          <Splits figures={figures} />
          <WhatSold items={figures.items} options={figures.options} />
          <PromoCodes codes={figures.promoCodes} />
          <StampCard stampCard={figures.stampCard} />
          <section className="numbers-section" aria-labelledby="numbers-export">
            <h2 id="numbers-export">Export</h2>
            <p>
              Spreadsheets for the accountant, with the same figures: one row per sale and per refund, or one row per
              drink.
            </p>
            <p className="staff-numbers__exports">
              <a className="btn" href={`/api/staff/numbers/orders.csv?${numbersSearch(query)}`} download>
                Download orders.csv
              </a>
              <a className="btn" href={`/api/staff/numbers/lines.csv?${numbersSearch(query)}`} download>
                Download lines.csv
              </a>
            </p>
          </section>
        </div>
      )}
    </div>
  );
}

/** "2026-11-27 (today)", or "2026-11-01 to 2026-11-27". */
function rangeLabel(from: string, to: string, today: string): string {
  if (from !== to) return `${from} to ${to}`;
  return from === today ? `${from} (today)` : from;
}

function RangeControls(props: {
  preset: RangePreset;
  onPreset(preset: RangePreset): void;
  custom: { from: string; to: string };
  onCustom(range: { from: string; to: string }): void;
  error: string | null;
}) {
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  return (
    <div className="staff-numbers__controls">
      <div className="staff-numbers__presets" role="group" aria-label="Days">
        {RANGE_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className={`btn btn--small${props.preset === preset ? " btn--primary" : ""}`}
            aria-pressed={props.preset === preset}
            onClick={() => props.onPreset(preset)}
          >
            {RANGE_PRESET_LABELS[preset]}
          </button>
        ))}
      </div>
      {props.preset === "custom" && (
        <div className="staff-numbers__dates">
          <FormField id={fromId} label="From" describedBy={props.error ? errorId : undefined}>
            {(control) => (
              <input
                {...control}
                type="date"
                value={props.custom.from}
                onChange={(event) => props.onCustom({ ...props.custom, from: event.target.value })}
              />
            )}
          </FormField>
          <FormField id={toId} label="To" describedBy={props.error ? errorId : undefined}>
            {(control) => (
              <input
                {...control}
                type="date"
                value={props.custom.to}
                onChange={(event) => props.onCustom({ ...props.custom, to: event.target.value })}
              />
            )}
          </FormField>
          {props.error && (
            <p id={errorId} className="staff-numbers__error" role="alert">
              {props.error === "must not be before from" ? "The last day must not be before the first." : props.error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

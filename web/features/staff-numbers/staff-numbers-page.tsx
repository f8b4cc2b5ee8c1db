import { useEffect, useId, useState } from "react";
import { numbersQuerySchema, type NumbersQuery } from "#common/numbers";
import { FormField } from "#web/components/form-field/form-field";
import { ApiRequestError } from "#web/lib/api-client";
import { useStaffShops } from "#web/lib/staff-shops";
import { errorMessage } from "#web/lib/query-client";
import { numbersSearch, useNumbers } from "./api/get-numbers";
import { FigureCards } from "./components/figure-cards";
import { Splits } from "./components/splits";
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
  // The shop the staff bar shows, until another (or every shop, "") is picked here.
  const shown = useStaffShops().data;
  const [picked, setLocation] = useState<string | null>(null);
  const location = picked ?? (shown && shown.shops.length > 1 ? shown.current.locationId : "");
  const [zone, setZone] = useState(DEVICE_ZONE);
  const [custom, setCustom] = useState(() => presetRange("today", shopDate(Date.now(), DEVICE_ZONE)));
  const today = shopDate(Date.now(), zone);
  const range = preset === "custom" ? custom : presetRange(preset, today);
  const query: NumbersQuery = { ...range, ...(location ? { location } : {}) };
  const valid = numbersQuerySchema.safeParse(query);
  const numbers = useNumbers(valid.success ? valid.data : { ...presetRange("today", today) });
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
        location={location}
        onLocation={setLocation}
        shops={figures?.viewable ?? []}
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
        <p role="status">Loading the numbers…</p>
      ) : (
        <div aria-busy={numbers.isFetching} className="staff-numbers__body">
          <p className="staff-numbers__range" role="status">
            {shopLabel} · {figures.from === figures.to ? figures.from : `${figures.from} to ${figures.to}`}
            {figures.from === today && figures.to === today ? " (today)" : ""}
          </p>
          <FigureCards totals={figures.totals} apart={figures.apart} />
          <HourCharts hours={figures.byHour} oneDay={figures.from === figures.to} />
          {figures.byDay.length > 1 && <DayCharts days={figures.byDay} />}
          <Splits figures={figures} />
          <WhatSold items={figures.items} options={figures.options} />
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

function RangeControls(props: {
  preset: RangePreset;
  onPreset(preset: RangePreset): void;
  custom: { from: string; to: string };
  onCustom(range: { from: string; to: string }): void;
  location: string;
  onLocation(location: string): void;
  shops: { id: string; name: string }[];
  error: string | null;
}) {
  const shopId = useId();
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
      {props.shops.length > 1 && (
        <FormField id={shopId} label="Shop">
          {(control) => (
            <select {...control} value={props.location} onChange={(event) => props.onLocation(event.target.value)}>
              <option value="">All shops</option>
              {props.shops.map((shop) => (
                <option key={shop.id} value={shop.id}>
                  {shop.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
    </div>
  );
}

/** The ranges the page offers in one tap, and a chosen one. */
export const RANGE_PRESETS = ["today", "week", "month", "year", "custom"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const RANGE_PRESET_LABELS: Record<RangePreset, string> = {
  today: "Today",
  week: "This week",
  month: "This month",
  year: "Last 12 months",
  custom: "Dates…",
};

function dateKey(year: number, monthIndex: number, day: number): string {
  return new Date(Date.UTC(year, monthIndex, day)).toISOString().slice(0, 10);
}

/** A preset's dates, ending today on the shop's calendar (a week starts on Monday). */
export function presetRange(preset: Exclude<RangePreset, "custom">, today: string): { from: string; to: string } {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  switch (preset) {
    case "today":
      return { from: today, to: today };
    case "week": {
      const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
      return { from: dateKey(year, month - 1, day - ((weekday + 6) % 7)), to: today };
    }
    case "month":
      return { from: dateKey(year, month - 1, 1), to: today };
    case "year":
      // The longest range the numbers answer: a year less a day (numbersQuerySchema).
      return { from: dateKey(year - 1, month - 1, day + 1), to: today };
  }
}

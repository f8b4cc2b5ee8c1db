/** The one place money becomes text: integer cents in, "$4.50" out. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  // Thousands grouped by hand: toLocaleString would load ICU's locale data on the first price
  // a page shows, tens of milliseconds on a phone in the middle of the first render.
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const rest = String(abs % 100).padStart(2, "0");
  return `${sign}$${dollars}.${rest}`;
}

/** Money taken off, with a true minus sign as receipts print it: 150 → "−$1.50". */
export function formatCentsOff(cents: number): string {
  return `\u2212${formatCents(Math.abs(cents))}`;
}

/** Integer cents as a plain decimal amount for a spreadsheet: 1250 → "12.50", -25 → "-0.25". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

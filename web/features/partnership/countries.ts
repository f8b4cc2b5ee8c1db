/**
 * The country select's entries, from i18n-iso-countries (ISO 3166-1): the alpha-2 code as the
 * value, the English name as the label. Only the English locale is registered, which keeps
 * this page's chunk small.
 */
import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json";

countries.registerLocale(en);

export interface CountryOption {
  value: string;
  label: string;
}

export const COUNTRY_OPTIONS: readonly CountryOption[] = Object.entries(
  countries.getNames("en", { select: "official" }),
)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, "en"));

/** "US" → "United States of America"; an unknown code comes back unchanged. */
export function countryName(code: string): string {
  return countries.getName(code, "en", { select: "official" }) ?? code;
}

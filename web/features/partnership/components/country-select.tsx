import type { ComponentProps } from "react";
import { COUNTRY_OPTIONS } from "#web/features/partnership/countries";

/** A select of every ISO 3166-1 country by English name; the value is the alpha-2 code, "" for none. */
export function CountrySelect(props: ComponentProps<"select">) {
  return (
    <select autoComplete="off" {...props}>
      <option value="">Select a country</option>
      {COUNTRY_OPTIONS.map((country) => (
        <option key={country.value} value={country.value}>
          {country.label}
        </option>
      ))}
    </select>
  );
}

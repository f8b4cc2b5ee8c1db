import type { ComponentProps } from "react";

/** A select of the settings' options; while they load or when they failed, it says so and stays optional. */
export function OptionsSelect({
  options,
  isLoading,
  isError,
  ...props
}: ComponentProps<"select"> & { options: string[] | undefined; isLoading: boolean; isError: boolean }) {
  const placeholder = isLoading
    ? "Loading options…"
    : isError || !options?.length
      ? "Options unavailable"
      : "Select a range";
  return (
    <select {...props} disabled={isLoading || !options?.length}>
      <option value="">{placeholder}</option>
      {options?.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}

import { useEffect, useState } from "react";
import type { LocationSummary } from "#common/locations";
import { ApiRequestError } from "#web/lib/api-client";
import { getLocations, type SortPoint } from "./api/get-locations";
import { useLocations } from "./locations-store";
import { useTypedZip } from "./typed-zip-store";

export type SortState = { by: "none" } | { by: "zip"; zip: string } | { by: "position" } | { by: "pending" };

/** What a failed sort tells the shopper, in words. */
function sortErrorText(error: unknown, point: SortPoint): string {
  if (error instanceof ApiRequestError) {
    if (error.code === "zip_unknown" && "zip" in point)
      return `We don't know the ZIP code ${point.zip}. Check it and try again.`;
    if (error.status === 400) return "Enter a 5-digit ZIP code.";
    return error.message;
  }
  return "Could not sort the shops. Check your connection and try again.";
}

/**
 * The shops, as listed or sorted nearest first from a typed ZIP (looked up on the server) or the
 * browser's position (navigator.geolocation; nothing is sent anywhere but our own API).
 */
export function useSortedShops() {
  const listed = useLocations((state) => state.locations);
  const [sorted, setSorted] = useState<LocationSummary[] | null>(null);
  const [sort, setSort] = useState<SortState>({ by: "none" });
  const [error, setError] = useState<string | null>(null);

  async function sortFrom(point: SortPoint) {
    setError(null);
    setSort({ by: "pending" });
    try {
      setSorted(await getLocations(point));
      setSort("zip" in point ? { by: "zip", zip: point.zip } : { by: "position" });
      useTypedZip.getState().setSortedBy("zip" in point ? point.zip : null);
    } catch (cause) {
      setError(sortErrorText(cause, point));
      setSort({ by: "none" });
    }
  }

  // A list sorted by a ZIP on another page of this visit (the picker, /locations) opens sorted by it again.
  useEffect(() => {
    const { sortedBy } = useTypedZip.getState();
    if (sortedBy && /^\d{5}$/.test(sortedBy)) void sortFrom({ zip: sortedBy });
    // Once, when the list first shows.
  }, []);

  function sortByZip(zip: string) {
    const trimmed = zip.trim();
    if (!/^\d{5}$/.test(trimmed)) {
      setError("Enter a 5-digit ZIP code.");
      return;
    }
    void sortFrom({ zip: trimmed });
  }

  function sortByPosition() {
    if (!("geolocation" in navigator)) {
      setError("This browser cannot share its location. Type your ZIP code instead.");
      return;
    }
    setError(null);
    setSort({ by: "pending" });
    navigator.geolocation.getCurrentPosition(
      (position) =>
        void sortFrom({ near: { latitude: position.coords.latitude, longitude: position.coords.longitude } }),
      () => {
        setSort({ by: "none" });
        setError("We could not get your location. Type your ZIP code instead.");
      },
      { maximumAge: 10 * 60_000, timeout: 15_000 },
    );
  }

  return { shops: sorted ?? listed, sort, error, sortByZip, sortByPosition };
}

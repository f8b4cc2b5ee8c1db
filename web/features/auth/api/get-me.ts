import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import * as z from "zod/mini";
import type { SessionUser } from "../session-store";

// The worker is trusted but still checked: a missing phone arrives as "" (or null from an older build).
const text = z.pipe(
  z.optional(z.nullable(z.string())),
  z.transform((value: string | null | undefined) => value ?? ""),
);
const meResponseSchema = z.object({
  uid: z.string(),
  username: text,
  email: text,
  phone: text,
  isAuthenticated: z.boolean(),
});

/** GET /api/me: the session user; a guest is `isAuthenticated: false` with empty values, not an error. */
export async function getMe(): Promise<SessionUser> {
  const body = await apiFetch<unknown>("/api/me", { cache: "no-store" });
  return meResponseSchema.parse(body);
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: ["me"],
    queryFn: getMe,
    staleTime: 0,
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}

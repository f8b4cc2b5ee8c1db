import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "#web/lib/api-client";
import { isRecord, isString } from "#web/lib/guards";
import { readSessionUser, type SessionUser } from "#web/lib/session-store";

// Checked by hand, not with zod: this call is part of every first page (see web/lib/guards.ts).
// The worker is trusted but still checked: a missing text arrives as "" (or null, or left out, from an older build).
function readMeResponse(body: unknown): MeResponse | null {
  if (!isRecord(body)) return null;
  const orEmpty = (value: unknown) => (value === null || value === undefined ? "" : value);
  const user = readSessionUser({
    uid: body.uid,
    username: orEmpty(body.username),
    email: orEmpty(body.email),
    phone: orEmpty(body.phone),
    isAuthenticated: body.isAuthenticated,
    staff: body.staff,
  });
  if (!user) return null;
  const shopId = user.isAuthenticated && isString(body.shopId) && body.shopId.length > 0 ? body.shopId : null;
  return { ...user, shopId };
}

/** The session user and the shop chosen on their account (null: none, or a guest). */
export type MeResponse = SessionUser & { shopId: string | null };

/** GET /api/me as it answers, unchecked: the board reads only whether the person is still signed-in staff. */
export function getMeAnswer(): Promise<unknown> {
  return apiFetch<unknown>("/api/me", { cache: "no-store" });
}

/** GET /api/me: the session user; a guest is `isAuthenticated: false` with empty values, not an error. */
export async function getMe(): Promise<MeResponse> {
  const body = await getMeAnswer();
  const me = readMeResponse(body);
  if (!me) throw new Error("Unexpected response from GET /api/me.");
  return me;
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

/**
 * The worker's side of the live channels: a listener's socket, and messages published to a
 * location's boards and to one of its listening shoppers. It carries text; what the messages
 * say is the business of the code that writes them.
 */
import type { Env } from "#worker/env";
import { CHECKED_AT_HEADER, LISTENER_HEADER, type Listener, type LocationUpdate } from "./location-channel";

/** Messages about a change at one location: for its boards and for the order's owner. */
export interface LocationMessages extends LocationUpdate {
  locationId: string;
}

/**
 * The object a listener's socket lives in: a board's is its shop's (one per shop, named by the
 * shop's id), a shopper's is their own (named by their user id), so a shopper's page follows each
 * of their orders at whichever shop it was placed, on one socket.
 */
function channelName(listener: Pick<Listener, "kind" | "userId">, locationId: string): string {
  return listener.kind === "board" ? locationId : `shopper:${listener.userId}`;
}

function channel(env: Pick<Env, "LOCATION_CHANNEL">, name: string) {
  return env.LOCATION_CHANNEL.get(env.LOCATION_CHANNEL.idFromName(name));
}

/** A board's socket on its shop's channel, for a member the caller has authenticated at that shop. */
export function connectBoard(
  env: Pick<Env, "LOCATION_CHANNEL">,
  locationId: string,
  listener: Listener & { kind: "board" },
): Promise<Response> {
  return connect(env, locationId, listener);
}

/** A shopper's socket on their own channel, for a user the caller has authenticated. */
export function connectShopper(
  env: Pick<Env, "LOCATION_CHANNEL">,
  listener: Listener & { kind: "shopper" },
): Promise<Response> {
  return connect(env, channelName(listener, ""), listener);
}

/** The request to the object is built here: nothing the browser sent (headers, query) reaches it. */
async function connect(env: Pick<Env, "LOCATION_CHANNEL">, name: string, listener: Listener): Promise<Response> {
  const answer = await channel(env, name).fetch("https://location-channel.internal/connect", {
    // The caller checked the session (and a board's membership) for this handshake just now.
    headers: {
      Upgrade: "websocket",
      [LISTENER_HEADER]: JSON.stringify(listener),
      [CHECKED_AT_HEADER]: String(Date.now()),
    },
  });
  if (!answer.webSocket) return answer;
  // A fresh response: the object's has immutable headers, and the worker's middlewares add theirs.
  return new Response(null, { status: 101, webSocket: answer.webSocket });
}

/**
 * Which of these listeners may no longer listen: the sessions whose sockets are to be closed
 * (given by the caller, which can read sessions and staff; this folder reads no database).
 */
export type RevokedSessions = (locationId: string, listeners: Listener[]) => Promise<string[]>;

/**
 * Sends one part of an update through one object: at once to the listeners it checked lately;
 * the others are checked by `revoked` first (a signed-out, expired or removed listener's sockets
 * are closed instead), and those due a fresh check are checked after the message went out.
 */
async function publishThrough(
  env: Pick<Env, "LOCATION_CHANNEL">,
  name: string,
  locationId: string,
  update: LocationUpdate,
  revoked: RevokedSessions,
): Promise<void> {
  const target = channel(env, name);
  const { held, due } = await target.publish(update, Date.now());
  if (held.length === 0 && due.length === 0) return;
  const checkedAt = Date.now();
  const checked = [...held, ...due];
  await target.settle(held.length > 0 ? update : null, checked, await revoked(locationId, checked), checkedAt);
}

/**
 * Sends the messages to the location's boards (its channel) and to the order's owner (their
 * own channel). Called after the change they report is committed; a failure is logged, not
 * thrown: the pages catch up from the API when they reconnect, and the change itself has been made.
 */
export async function publishToLocation(
  env: Pick<Env, "LOCATION_CHANNEL">,
  { locationId, board, shopper }: LocationMessages,
  revoked: RevokedSessions,
): Promise<void> {
  const parts: [string, LocationUpdate][] = [];
  if (board !== undefined) parts.push([locationId, { board }]);
  if (shopper) parts.push([channelName({ kind: "shopper", userId: shopper.userId }, locationId), { shopper }]);
  await Promise.all(
    parts.map(async ([name, update]) => {
      try {
        await publishThrough(env, name, locationId, update, revoked);
      } catch (error) {
        console.error(
          `Live update for location ${locationId} was not delivered:`,
          error instanceof Error ? error.message : error,
        );
      }
    }),
  );
}

/**
 * Closes a session's sockets at once (a sign-out): on each of these shops' channels and on the
 * user's own.
 */
export async function closeSessionListeners(
  env: Pick<Env, "LOCATION_CHANNEL">,
  locationIds: string[],
  userId: string | null,
  session: string,
): Promise<void> {
  const names = [...locationIds, ...(userId ? [channelName({ kind: "shopper", userId }, "")] : [])];
  await Promise.all(
    names.map(async (name) => {
      try {
        await channel(env, name).closeSession(session);
      } catch (error) {
        console.error(
          `Closing the live sockets of a session on ${name} failed:`,
          error instanceof Error ? error.message : error,
        );
      }
    }),
  );
}

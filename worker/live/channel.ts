/**
 * The worker's side of the live channels: a listener's socket, and messages published to a
 * location's boards and to one of its listening shoppers. It carries text; what the messages
 * say is the business of the code that writes them.
 */
import type { Env } from "#worker/env";
import { LISTENER_HEADER, type Listener, type LocationUpdate } from "./location-channel";

/** Messages for one location's channel. */
export interface LocationMessages extends LocationUpdate {
  locationId: string;
}

function channel(env: Pick<Env, "LOCATION_CHANNEL">, locationId: string) {
  return env.LOCATION_CHANNEL.get(env.LOCATION_CHANNEL.idFromName(locationId));
}

/**
 * Opens a socket on the location's channel for a listener the caller has authenticated. The
 * request to the object is built here: nothing the browser sent (headers, query) reaches it.
 */
export async function connectListener(
  env: Pick<Env, "LOCATION_CHANNEL">,
  locationId: string,
  listener: Listener,
): Promise<Response> {
  const answer = await channel(env, locationId).fetch("https://location-channel.internal/connect", {
    headers: { Upgrade: "websocket", [LISTENER_HEADER]: JSON.stringify(listener) },
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
 * Sends the messages to the location's boards and listening shopper, after asking `revoked`
 * about everyone who would receive them: a signed-out, expired or removed listener's sockets
 * are closed instead. Called after the change they report is committed; a failure is logged,
 * not thrown: the pages catch up from the API when they reconnect, and the change itself has
 * been made.
 */
export async function publishToLocation(
  env: Pick<Env, "LOCATION_CHANNEL">,
  { locationId, ...update }: LocationMessages,
  revoked: RevokedSessions,
): Promise<void> {
  try {
    const target = channel(env, locationId);
    const listeners = await target.audience(update);
    await target.publish(update, listeners.length > 0 ? await revoked(locationId, listeners) : []);
  } catch (error) {
    console.error(
      `Live update to location ${locationId} was not delivered:`,
      error instanceof Error ? error.message : error,
    );
  }
}

/** Closes a session's sockets on the location's channel at once (a sign-out). */
export async function closeSessionListeners(
  env: Pick<Env, "LOCATION_CHANNEL">,
  locationId: string,
  session: string,
): Promise<void> {
  try {
    await channel(env, locationId).closeSession(session);
  } catch (error) {
    console.error(
      `Closing the live sockets of a session at ${locationId} failed:`,
      error instanceof Error ? error.message : error,
    );
  }
}

import { exports } from "cloudflare:workers";

/** Calls the worker the way a browser on the same origin would. */
export function api(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(new URL(path, "http://localhost:5173"), init));
}

export async function json<T = unknown>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

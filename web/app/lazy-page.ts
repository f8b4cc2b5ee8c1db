import type { ComponentType } from "react";

/** The spec's time-out for loading a script chunk. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A route's code could not be fetched (offline, a deploy replaced the file, or it took too long). */
export class ChunkLoadError extends Error {
  constructor(
    /** Which chunk, e.g. "menu-page". */
    readonly chunk: string,
    readonly reason: "failed" | "timeout",
    options?: { cause?: unknown },
  ) {
    super(
      reason === "timeout"
        ? `Loading chunk ${chunk} timed out after ${CHUNK_LOAD_TIMEOUT_MS / 1000} s.`
        : `Loading chunk ${chunk} failed.`,
      options,
    );
    this.name = "ChunkLoadError";
  }
}

/**
 * Imports a chunk, giving up after the time-out; a failure names the chunk, so the error
 * page can say what did not load.
 */
export function loadChunk<T>(chunk: string, importer: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk, "timeout")), timeoutMs);
    importer().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunk, "failed", { cause }));
      },
    );
  });
}

/** A route's `lazy`: the page module's default export becomes the route's Component. */
export function lazyPage(chunk: string, importer: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const module = await loadChunk(chunk, importer);
    return { Component: module.default };
  };
}

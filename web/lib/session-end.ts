/**
 * Caches that hold the signed-in shopper's data register here to be emptied when the
 * session ends. The query cache is the one today: it registers itself when the first page
 * that reads the API loads it, so logout (in the header, part of every first page) does not
 * need the data library to be downloaded.
 */
const listeners = new Set<() => void>();

export function onSessionEnd(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifySessionEnd(): void {
  listeners.forEach((listener) => listener());
}

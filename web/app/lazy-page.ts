import { createElement, lazy, type ComponentType, type ReactNode } from "react";

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

export interface LazyPageOptions {
  /** The page reads or writes the API: mount it inside the shared QueryClient's provider, loaded alongside. */
  queries?: boolean;
}

type PageModule = { default: ComponentType };

/** Pages whose code failed to load, each with how to give it a fresh try. */
const pagesToRetry = new Set<() => void>();

/** Lets every page whose code failed to load try again the next time it renders. */
export function retryFailedPages(): void {
  pagesToRetry.forEach((retry) => retry());
  pagesToRetry.clear();
}

/**
 * Already there: a thenable that calls back at once. React.lazy then renders the page in the
 * same pass instead of suspending until a promise's callback, a microtask later. (React.lazy
 * only ever calls `then`; its type asks for a whole Promise.)
 */
function alreadyLoaded(page: PageModule): Promise<PageModule> {
  const thenable: PromiseLike<PageModule> = {
    then: (onLoaded) => onLoaded?.(page) as never,
  };
  return thenable as Promise<PageModule>;
}

/** A route's page; `preload` fetches its code ahead, so that its first render has it at once. */
export type LazyPage = ComponentType & { preload(): Promise<unknown> };

/**
 * A route's page as a component whose code is fetched when it first renders (React.lazy,
 * shown under the layout's Suspense). A failed or timed-out fetch throws a ChunkLoadError
 * naming `chunk` to the route's error boundary; after the next navigation (the boundary
 * resets and calls retryFailedPages) the page fetches its code again when shown.
 *
 * Once fetched (by `preload` or an earlier render), the page renders without suspending. That
 * matters for the page a visit lands on: hydration adopts it in one pass, and a tap the page
 * kept before the app ran (common/early-taps.ts) reaches a page React already knows.
 */
export function lazyPage(chunk: string, importer: () => Promise<PageModule>, options: LazyPageOptions = {}): LazyPage {
  let loaded: PageModule | undefined;
  async function load(): Promise<PageModule> {
    if (!options.queries) return (loaded = await loadChunk(chunk, importer));
    const [page, data] = await Promise.all([
      loadChunk(chunk, importer),
      loadChunk("query-provider", () => import("./query-provider")),
    ]);
    const { QueryProvider } = data;
    const PageComponent = page.default;
    return (loaded = {
      default: function PageWithQueries() {
        return createElement(QueryProvider, { children: createElement(PageComponent) as ReactNode });
      },
    });
  }
  // React.lazy remembers a failed import for good. Keep the failed one until the error page
  // has shown (swapping at once would have React retry, fail and retry again, forever), and
  // start afresh when the route's error boundary resets, on the next navigation.
  const fresh = () =>
    lazy(() =>
      loaded
        ? alreadyLoaded(loaded)
        : load().catch((error: unknown) => {
            pagesToRetry.add(() => {
              Page = fresh();
            });
            throw error;
          }),
    );
  let Page = fresh();
  function LazyPage() {
    return createElement(Page);
  }
  LazyPage.displayName = `LazyPage(${chunk})`;
  LazyPage.preload = load;
  return LazyPage;
}

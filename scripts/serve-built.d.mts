/** What the browser journeys use of serve-built.mjs (see there). */
export interface BuiltServer {
  origin: string;
  baseUrl: string;
  port: number;
  pid: number;
  stateDir: string;
  logPath: string;
  stop(): Promise<void>;
  removeState(): void;
}
export const root: string;
export const buildDir: string;
export function freePort(start?: number): Promise<number>;
export function startBuiltServer(options?: {
  port?: number;
  stateDir?: string;
  logPath?: string;
  startPort?: number;
  timeoutMs?: number;
  /** Seed the ZIP codes' positions (default true): only for journeys that sort the shops by a typed ZIP code. */
  zipCentroids?: boolean;
}): Promise<BuiltServer>;
export function buildApp(): void;
export const emailRoot: string;
export function childEnv(extra?: Record<string, string>): NodeJS.ProcessEnv;
export function prepareFreshDatabase(stateDir?: string, options?: { zipCentroids?: boolean }): string;
export function tail(path: string, lines?: number): string;
export function queryD1(stateDir: string, sql: string): unknown;

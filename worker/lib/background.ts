/** What background work needs of a request's execution context (Hono's and the runtime's both fit). */
export interface Background {
  waitUntil(promise: Promise<unknown>): void;
}

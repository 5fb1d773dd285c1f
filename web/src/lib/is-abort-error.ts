/** A request cancelled on purpose (the page unmounted, a newer request replaced it): nothing to report. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

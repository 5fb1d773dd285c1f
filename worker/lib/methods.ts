const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether a request only reads: a read key, a viewer and the write limit let it through. */
export function isReadMethod(method: string): boolean {
  return READS.has(method);
}

/**
 * How long an isolate keeps an entry: half a minute, which with KV's own half minute at a location
 * (KV_CACHE_TTL_SECONDS, lookup.ts) brings an edit to every isolate within a minute. Each read of KV is
 * billed, and most of Cloudflare's locations see a link less often than this: at 100 million clicks a
 * day over 20 links, 5 s cost 0.32 reads a click, 30 s 0.12 (bench/spread.ts, kvReadsPerClick).
 */
export const ISOLATE_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 5_000;

/**
 * Half a minute of memory per isolate in front of KV: a popular link costs no KV read at all. No
 * longer, since an edit or a delete reaches another isolate only when its entry expires (the isolate
 * that writes forgets at once: forgetInIsolate, lookup.ts).
 */
export class IsolateCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();

  get(key: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T, now = Date.now()): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { value, expiresAt: now + ISOLATE_CACHE_TTL_MS });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}

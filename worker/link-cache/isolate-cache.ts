/**
 * How long an isolate keeps an entry: 20 s, which after the second purge of a change at every location
 * (LINK_PURGE_AGAIN_SECONDS, 40 s: purges.ts), or after KV's own half minute where there is no location
 * tier (KV_CACHE_TTL_SECONDS, lookup.ts), brings an edit to every isolate within about a minute. The
 * location's tier, free to read, takes the isolate's misses (location-cache.ts).
 */
export const ISOLATE_CACHE_TTL_MS = 20_000;
const MAX_ENTRIES = 5_000;

/**
 * 20 s of memory per isolate in front of the location's cache and KV: a popular link costs no read at
 * all. No longer, since an edit or a delete reaches another isolate only when its entry expires (the
 * isolate that writes forgets at once: forgetInIsolate, lookup.ts).
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

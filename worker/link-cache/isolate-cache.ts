const TTL_MS = 5_000;
const MAX_ENTRIES = 5_000;

/**
 * A few seconds of memory per isolate in front of KV: a popular link costs no KV read at all.
 * Short on purpose, since edits and deletes cannot reach other isolates.
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
    this.entries.set(key, { value, expiresAt: now + TTL_MS });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}

/**
 * A module loaded on first use (docs/architecture.md, "Loading on demand") and kept once loaded: later
 * calls take it without another `import()`. In production this changes nothing, since wrangler's bundle
 * makes each `import()` a lazily initialised part of the same file. Under the Workers test pool an
 * `import()` is a real one, and after some thousands of them in one isolate one never settles ("Cannot
 * perform I/O on behalf of a different request", cloudflare/workers-sdk#5387): its request hangs, and so
 * does every later one. The shared test runners send that many requests to one isolate.
 */
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: T | undefined;
  return async () => {
    loaded ??= await load();
    return loaded;
  };
}

// The baseline (bench/fixed-redirect.ts) with about a millisecond of busy work at its top level, the
// order of what SplitLink's top level runs: it shows what `wrangler check startup` charges a Worker for
// any startup work at all (bench/RESULTS.md, section 7). The loop's count, not a clock, sets its length:
// a Worker's clock does not advance while its code runs.
const ROUNDS = 12_000;
let sum = 0;
for (let i = 0; i < ROUNDS; i++) sum += Math.sqrt(i);

export default {
  fetch(): Response {
    return new Response(null, {
      status: 302,
      headers: { location: "https://example.com/a", "x-sum": String(sum) },
    });
  },
};

// wrangler.toml binds the shards' writer class (SHARD_WRITERS), which a Worker built with it must
// export; the baseline never uses it.
export class ShardWriter {}

// The baseline: a Worker that does nothing but answer a fixed 302.
export default {
  fetch(): Response {
    return new Response(null, { status: 302, headers: { location: "https://example.com/a" } });
  },
};

// wrangler.toml binds the shards' writer class (SHARD_WRITERS), which a Worker built with it must
// export; the baseline never uses it.
export class ShardWriter {}

// The baseline: a Worker that does nothing but answer a fixed 302.
export default {
  fetch(): Response {
    return new Response(null, { status: 302, headers: { location: "https://example.com/a" } });
  },
};

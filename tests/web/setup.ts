import fc from "fast-check";

// CI draws the same inputs every run, as the Worker tests do (the seed: tests/web/vitest.config.ts).
const seed = import.meta.env.PROPERTY_SEED;
if (seed) fc.configureGlobal({ seed: Number(seed) });

import type { ClicksConsumer } from "../spread-types";

declare module "vitest" {
  interface ProvidedContext {
    benchScale: number;
    eventsPerMessage: number;
    spreadClicksPerDay: number;
    clicksConsumer: ClicksConsumer;
    clickHoldSeconds: number;
  }
}

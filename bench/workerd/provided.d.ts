declare module "vitest" {
  interface ProvidedContext {
    benchScale: number;
    eventsPerMessage: number;
  }
}

export {};

declare module "vitest" {
  interface ProvidedContext {
    benchScale: number;
  }
}

export {};

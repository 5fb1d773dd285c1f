// The drizzle schema: the main database's tables and the event shards' (worker/db/shards.ts), one
// import for both.
export * from "./events";
export * from "./main";

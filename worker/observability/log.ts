type Level = "info" | "warn" | "error";

/** Field names whose values never reach the logs, at any depth. */
const SECRET_FIELD = /pass(word)?|secret|token|authorization|cookie|api[-_]?key/i;

function safeValue(key: string, value: unknown): unknown {
  if (key && SECRET_FIELD.test(key)) return "[redacted]";
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  return value;
}

/**
 * One JSON line per event, for Workers Logs to index: `{ level, event, ...fields }`. Callers pass
 * only what an operator needs; a field named like a password, token or secret is redacted anyway.
 * Errors are logged as name and message: no stack traces in the logs.
 */
export function log(level: Level, event: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, event, ...fields }, safeValue);
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

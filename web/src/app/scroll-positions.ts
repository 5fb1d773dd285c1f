/**
 * The scroll positions a tab saved, by history entry key, from what sessionStorage holds. Anything but
 * an object of numbers (nothing saved, a corrupt value, another app's shape) reads as none saved, and a
 * position that is not a number is dropped: the page then opens at its anchor or the top.
 */
export function parseScrollPositions(stored: string | null): Record<string, number> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored ?? "{}");
  } catch {
    return {};
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (entry): entry is [string, number] => typeof entry[1] === "number" && Number.isFinite(entry[1]),
    ),
  );
}

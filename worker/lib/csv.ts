/**
 * One CSV line (RFC 4180 quoting). Cells that a spreadsheet would run as a formula
 * (=, +, -, @) are prefixed with a quote.
 */
export function csvLine(cells: (string | number | boolean | null)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

function csvCell(value: string | number | boolean | null): string {
  if (value === null) return "";
  if (typeof value !== "string") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

// The one table printer of the benchmarks: plain text, so it reads the same from Node and from workerd.
export type Row = Record<string, string | number>;

export function formatTable(title: string, rows: Row[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cell = (value: string | number | undefined) => (value === undefined ? "" : String(value));
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((r) => cell(r[column]).length)));
  const line = (cells: string[]) =>
    `| ${cells.map((text, i) => (i === 0 ? text.padEnd(widths[i] ?? 0) : text.padStart(widths[i] ?? 0))).join(" | ")} |`;
  return [
    `\n${title}`,
    line(columns),
    `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`,
    ...rows.map((row) => line(columns.map((column) => cell(row[column])))),
  ].join("\n");
}

export function printTable(title: string, rows: Row[], summary: string): void {
  console.log(`${formatTable(title, rows)}\nSUMMARY ${summary}\n`);
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The value below which a share `q` of `values` lies (nearest rank). */
export const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(q * values.length) - 1)] ?? Number.NaN;

export const fixed = (value: number, digits = 2) => value.toFixed(digits);

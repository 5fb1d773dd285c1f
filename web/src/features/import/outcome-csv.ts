import type { ImportRowOutcome } from "@contract/api";
import { csvText } from "@contract/imports";

/** The outcome per row as a CSV file: what the marketer keeps of an import. */
export function outcomeCsv(rows: readonly ImportRowOutcome[]): string {
  const header = ["row", "name", "urls", "slug", "domain", "tags", "status", "reason", "link"];
  // A cell a spreadsheet would run as a formula (=, +, -, @) is kept as text.
  const cell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
  const records = rows.map((row) =>
    [
      String(row.row),
      row.name,
      row.urls.join(" "),
      row.slug ?? "",
      row.domain ?? "",
      row.tags.join("|"),
      row.status,
      row.reason ?? "",
      row.link ?? "",
    ].map(cell),
  );
  return `${csvText([header, ...records])}\r\n`;
}

/** The parts of a file the screen sends when it creates them: its header with up to `size` rows each. */
export function fileParts(records: readonly string[][], size: number): { csv: string; offset: number }[] {
  const [header = [], ...rows] = records;
  const parts: { csv: string; offset: number }[] = [];
  for (let offset = 0; offset < rows.length; offset += size)
    parts.push({ csv: csvText([header, ...rows.slice(offset, offset + size)]), offset });
  return parts;
}

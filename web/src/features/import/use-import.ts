import type { ImportResponse, ImportRowOutcome } from "@contract/api";
import {
  IMPORT_CHUNK_ROWS,
  type ImportFormat,
  MAX_IMPORT_CHARS,
  parseCsv,
  readImportFile,
} from "@contract/imports";
import { IMPORT_MESSAGES } from "@contract/messages";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { importLinks } from "@/features/import/api/import-links";
import { IMPORT_SCREEN_MESSAGES } from "@/features/import/messages";
import { fileParts } from "@/features/import/outcome-csv";
import { refreshAfterChange } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";
import { serverMessage } from "@/lib/server-message";

/** Where an import stands: a file to pick, its dry run, its check's table, its creation, its outcome. */
export type ImportStage =
  | { kind: "pick"; error: string | null; again?: boolean }
  | { kind: "checking"; fileName: string }
  | { kind: "checked"; fileName: string; text: string; answer: ImportResponse }
  | {
      kind: "creating";
      fileName: string;
      format: ImportFormat;
      rows: ImportRowOutcome[];
      done: number;
      total: number;
    }
  | { kind: "done"; fileName: string; format: ImportFormat; rows: ImportRowOutcome[]; error: string | null };

const fileProblem = (file: ReturnType<typeof readImportFile>): string | null => {
  if ("format" in file) return null;
  if (file.problem === "too_many_rows") return IMPORT_MESSAGES.tooManyRows(file.rows);
  return file.problem === "empty" ? IMPORT_MESSAGES.empty : IMPORT_MESSAGES.unknownHeader;
};

/**
 * An import from the screen: the file is checked whole (a dry run), then created in parts of
 * IMPORT_CHUNK_ROWS rows, each answer's rows numbered in the file and the progress moved per part.
 */
export function useImport() {
  const client = useQueryClient();
  const [stage, setStage] = useState<ImportStage>({ kind: "pick", error: null });

  async function choose(file: File) {
    const csv = file.name.toLowerCase().endsWith(".csv") || file.type.includes("csv");
    if (!csv) return setStage({ kind: "pick", error: IMPORT_SCREEN_MESSAGES.notCsv });
    let text: string;
    try {
      text = await file.text();
    } catch {
      return setStage({ kind: "pick", error: IMPORT_SCREEN_MESSAGES.readFailed });
    }
    if (text.length > MAX_IMPORT_CHARS) return setStage({ kind: "pick", error: IMPORT_MESSAGES.tooLarge });
    const problem = fileProblem(readImportFile(text));
    if (problem) return setStage({ kind: "pick", error: problem });
    setStage({ kind: "checking", fileName: file.name });
    try {
      const answer = await importLinks(text, true);
      setStage({ kind: "checked", fileName: file.name, text, answer });
    } catch (error) {
      setStage({
        kind: "pick",
        error: serverMessage(error) ?? IMPORT_SCREEN_MESSAGES.checkFailed,
        again: true,
      });
    }
  }

  async function create() {
    if (stage.kind !== "checked") return;
    const { fileName, text, answer } = stage;
    const parts = fileParts(parseCsv(text), IMPORT_CHUNK_ROWS);
    const total = answer.rows.length;
    const rows: ImportRowOutcome[] = [];
    setStage({ kind: "creating", fileName, format: answer.format, rows, done: 0, total });
    try {
      for (const part of parts) {
        const { rows: outcomes } = await importLinks(part.csv, false);
        rows.push(...outcomes.map((row) => ({ ...row, row: row.row + part.offset })));
        setStage({
          kind: "creating",
          fileName,
          format: answer.format,
          rows: [...rows],
          done: rows.length,
          total,
        });
      }
      setStage({ kind: "done", fileName, format: answer.format, rows, error: null });
    } catch (error) {
      const created = rows.filter((row) => row.status === "created").length;
      const stopped = serverMessage(error);
      const message = IMPORT_SCREEN_MESSAGES.createFailed(created);
      setStage({
        kind: "done",
        fileName,
        format: answer.format,
        rows,
        error: stopped ? `${stopped}. ${message}` : message,
      });
    } finally {
      await refreshAfterChange(client, [queryKeys.tests.list, queryKeys.tests.slugChecks]);
    }
  }

  return { stage, choose, create, reset: () => setStage({ kind: "pick", error: null, again: true }) };
}

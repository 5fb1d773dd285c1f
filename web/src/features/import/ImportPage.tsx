import type { ImportRowOutcome } from "@contract/api";
import { IMPORT_FORMAT_NAMES } from "@contract/imports";
import { DownloadIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router-dom";
import { AppHeader } from "@/components/AppHeader";
import { PageTitle } from "@/components/PageTitle";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { ViewerNote } from "@/components/workspaces/ViewerNote";
import { FileDrop } from "@/features/import/components/FileDrop";
import { ImportProgress } from "@/features/import/components/ImportProgress";
import { OutcomeTable } from "@/features/import/components/OutcomeTable";
import { IMPORT_SCREEN_MESSAGES } from "@/features/import/messages";
import { outcomeCsv } from "@/features/import/outcome-csv";
import { type ImportStage, useImport } from "@/features/import/use-import";
import { useWorkspaceAbilities } from "@/lib/workspaces/use-workspace";

export default function ImportPage() {
  const { canEdit } = useWorkspaceAbilities();
  return (
    <div className="min-h-svh bg-muted">
      <AppHeader />
      <PageTitle>{IMPORT_SCREEN_MESSAGES.title}</PageTitle>
      <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
        <Button asChild variant="ghost" size="sm" className="-ml-3 mb-4">
          <Link to="/dashboard">← Back to Dashboard</Link>
        </Button>
        <Card>
          <CardHeader>
            <CardTitle asChild className="text-2xl">
              <h1>{IMPORT_SCREEN_MESSAGES.title}</h1>
            </CardTitle>
            <p className="text-muted-foreground">{IMPORT_SCREEN_MESSAGES.intro}</p>
          </CardHeader>
          <CardContent>
            {canEdit ? <Importer /> : <ViewerNote>{IMPORT_SCREEN_MESSAGES.viewer}</ViewerNote>}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}

function Importer() {
  const { stage, choose, create, reset } = useImport();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Each new stage's heading takes the focus, so a keyboard or screen reader user follows the import.
  useEffect(() => {
    if (stage.kind !== "pick") headingRef.current?.focus();
  }, [stage.kind]);

  if (stage.kind === "pick")
    return <FileDrop error={stage.error} focus={stage.again} onFile={(file) => void choose(file)} />;
  if (stage.kind === "checking")
    return (
      <div className="flex items-center gap-3 py-8" role="status">
        <Spinner />
        <span>{IMPORT_SCREEN_MESSAGES.checking}</span>
      </div>
    );
  return (
    <div className="space-y-5">
      <StageHeading stage={stage} headingRef={headingRef} />
      {stage.kind === "checked" && (
        <div className="flex flex-col gap-2 sm:flex-row">
          {stage.answer.ready > 0 ? (
            <Button onClick={() => void create()}>{IMPORT_SCREEN_MESSAGES.create(stage.answer.ready)}</Button>
          ) : (
            <p className="text-sm">{IMPORT_SCREEN_MESSAGES.nothingToCreate}</p>
          )}
          <Button variant="outline" onClick={reset}>
            {IMPORT_SCREEN_MESSAGES.another}
          </Button>
        </div>
      )}
      {stage.kind === "creating" && <ImportProgress done={stage.done} total={stage.total} />}
      {stage.kind === "done" && (
        <div className="space-y-3">
          {stage.error && (
            <p role="alert" className="text-destructive text-sm">
              {stage.error}
            </p>
          )}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button onClick={() => downloadOutcome(stage.fileName, stage.rows)}>
              <DownloadIcon aria-hidden />
              {IMPORT_SCREEN_MESSAGES.download}
            </Button>
            <Button asChild variant="outline">
              <Link to="/dashboard">Go to Dashboard</Link>
            </Button>
            <Button variant="outline" onClick={reset}>
              {IMPORT_SCREEN_MESSAGES.another}
            </Button>
          </div>
        </div>
      )}
      <OutcomeTable rows={stage.kind === "checked" ? stage.answer.rows : stage.rows} />
    </div>
  );
}

function StageHeading({
  stage,
  headingRef,
}: {
  stage: Exclude<ImportStage, { kind: "pick" | "checking" }>;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const format = stage.kind === "checked" ? stage.answer.format : stage.format;
  const rows = stage.kind === "checked" ? stage.answer.rows : stage.rows;
  const count = (status: ImportRowOutcome["status"]) => rows.filter((row) => row.status === status).length;
  const summary =
    stage.kind === "checked"
      ? IMPORT_SCREEN_MESSAGES.summary(stage.answer.ready, stage.answer.refused)
      : IMPORT_SCREEN_MESSAGES.done(count("created"), count("refused"));
  return (
    <div>
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="font-semibold text-lg outline-none"
        data-testid="import-summary"
      >
        {summary}
      </h2>
      <p className="break-all text-muted-foreground text-sm">
        {stage.fileName} · {IMPORT_FORMAT_NAMES[format]}
      </p>
    </div>
  );
}

/** Saves the outcome per row as a CSV file named after the imported one. */
function downloadOutcome(fileName: string, rows: readonly ImportRowOutcome[]) {
  const url = URL.createObjectURL(new Blob([outcomeCsv(rows)], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `${fileName.replace(/\.csv$/i, "")}-outcome.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

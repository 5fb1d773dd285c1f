import { UploadIcon } from "lucide-react";
import { type DragEvent, useId, useState } from "react";
import { IMPORT_SCREEN_MESSAGES } from "@/features/import/messages";
import { cn } from "@/lib/utils";

/** Where the marketer picks or drops the file; its problem is said right under it. */
export function FileDrop({
  error,
  onFile,
  focus = false,
}: {
  error: string | null;
  onFile: (file: File) => void;
  /** Take the keyboard focus (back from a checked file, or after a refused one). */
  focus?: boolean;
}) {
  const inputId = useId();
  const errorId = useId();
  const [over, setOver] = useState(false);

  function drop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  }

  return (
    <div>
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={cn(
          "flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed bg-card px-4 py-10 text-center",
          "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2",
          over && "border-primary bg-muted",
          error && "border-destructive",
        )}
      >
        <UploadIcon aria-hidden className="size-8 text-muted-foreground" />
        <span className="font-medium">{IMPORT_SCREEN_MESSAGES.pick}</span>
        <span className="text-muted-foreground text-sm">{IMPORT_SCREEN_MESSAGES.drop}</span>
        <span className="text-muted-foreground text-xs">{IMPORT_SCREEN_MESSAGES.limit}</span>
        <input
          id={inputId}
          // biome-ignore lint/a11y/noAutofocus: the marketer asked for another file, or the one chosen was refused.
          autoFocus={focus}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid="import-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file chosen again after a fix is a new choice.
            event.target.value = "";
            if (file) onFile(file);
          }}
        />
      </label>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-destructive text-sm">
          {error}
        </p>
      )}
      <p className="mt-3 text-muted-foreground text-sm">{IMPORT_SCREEN_MESSAGES.columns}</p>
    </div>
  );
}

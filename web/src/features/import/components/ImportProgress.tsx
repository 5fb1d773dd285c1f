import { IMPORT_SCREEN_MESSAGES } from "@/features/import/messages";

/** How far the creation of a long file got: it moves once per part the screen sends. */
export function ImportProgress({ done, total }: { done: number; total: number }) {
  const label = IMPORT_SCREEN_MESSAGES.creating(done, total);
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  return (
    <div>
      <p className="mb-2 text-sm" aria-live="polite">
        {label}
      </p>
      <div
        role="progressbar"
        aria-label={IMPORT_SCREEN_MESSAGES.title}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={label}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

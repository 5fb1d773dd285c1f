import { TEST_MESSAGES } from "@contract/messages";
import { CheckCircle2Icon, XCircleIcon } from "lucide-react";
import type { SlugCheckState } from "@/features/create-test/slug-check-state";
import { cn } from "@/lib/utils";

const MESSAGES: Partial<Record<SlugCheckState, { text: string; ok: boolean }>> = {
  invalid: { text: TEST_MESSAGES.invalidCustomSlugForm, ok: false },
  reserved: { text: TEST_MESSAGES.reservedSlug, ok: false },
  available: { text: TEST_MESSAGES.slugAvailable, ok: true },
  taken: { text: TEST_MESSAGES.slugTakenLive, ok: false },
  error: { text: TEST_MESSAGES.slugCheckError, ok: false },
};

/** The live check's outcome; always mounted so screen readers hear each new message. */
export function SlugCheckMessage({ id, state }: { id: string; state: SlugCheckState }) {
  const message = MESSAGES[state];
  const Icon = message?.ok ? CheckCircle2Icon : XCircleIcon;
  return (
    <p
      id={id}
      aria-live="polite"
      className={cn(
        "flex min-h-4 items-center gap-1.5 text-xs",
        message?.ok ? "text-success" : "text-destructive",
      )}
    >
      {message && (
        <>
          <Icon className="size-3.5 shrink-0" aria-hidden />
          {message.text}
        </>
      )}
    </p>
  );
}

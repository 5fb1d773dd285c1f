import { TEST_MESSAGES } from "@contract/messages";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "@/lib/toast";

/** How long a copy button shows that it copied. */
const COPIED_INDICATOR_MS = 2000;

/** Copies text, toasts the outcome, and reports `copied` for 2 seconds after a success. */
export function useCopyToClipboard(successMessage: string = TEST_MESSAGES.copied) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
      } catch (error) {
        console.warn("Copy to clipboard failed", error);
        toast.error(TEST_MESSAGES.copyFailed);
        return;
      }
      toast.success(successMessage);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    },
    [successMessage],
  );

  return { copied, copy };
}

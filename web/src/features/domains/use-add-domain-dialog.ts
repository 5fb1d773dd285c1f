import { useCallback, useRef, useState } from "react";

/**
 * Open state of the add dialog, which more than one button opens. On close, focus goes back to the
 * button that opened it or, when that one is gone (the empty state's, once a domain exists), to the
 * page's own 'Add Domain' button.
 */
export function useAddDomainDialog() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);

  const openDialog = useCallback(() => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    setOpen(true);
  }, []);

  const onCloseAutoFocus = useCallback((event: Event) => {
    event.preventDefault();
    const target = opener.current?.isConnected ? opener.current : addButtonRef.current;
    target?.focus();
  }, []);

  return { open, setOpen, openDialog, onCloseAutoFocus, addButtonRef };
}

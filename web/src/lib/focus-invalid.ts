/**
 * Focuses the first field marked invalid in `container`, opening the closed `<details>` sections around
 * it first (the create form keeps its optional settings folded). Call once React has drawn the marks.
 */
export function focusFirstInvalid(container: HTMLElement | null): void {
  const field = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return;
  for (
    let details = field.closest("details");
    details;
    details = details.parentElement?.closest("details") ?? null
  )
    details.open = true;
  field.focus();
}

import { PRODUCT_NAME } from "@/lib/product";

/** The browser tab's title for a screen, e.g. "Dashboard — SplitLink"; React puts it in the head. */
export function PageTitle({ children }: { children: string }) {
  return <title>{`${children} — ${PRODUCT_NAME}`}</title>;
}

import type { CSSProperties } from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/** The specification shows one toast at a time: only the newest is visible. */
function Toaster(props: ToasterProps) {
  return (
    <Sonner
      theme="light"
      position="top-center"
      visibleToasts={1}
      richColors
      closeButton
      // Sonner only fades the older toasts out; hide them for real so screen readers and tests see one.
      toastOptions={{ className: "data-[visible=false]:invisible" }}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--border-radius": "var(--radius)",
        } as CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };

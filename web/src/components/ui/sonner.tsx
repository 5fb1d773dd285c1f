import type { CSSProperties } from "react";
import { type ExternalToast, Toaster as Sonner, type ToasterProps, toast } from "sonner";

// The one module that imports sonner; the app toasts through @/lib/toast, which loads this on first use.

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
          // Sonner's rich colours are below 4.5:1 on their tints; the 800 shades meet WCAG AA.
          "--success-text": "oklch(0.448 0.119 151.328)",
          "--info-text": "oklch(0.424 0.199 265.638)",
          "--warning-text": "oklch(0.473 0.137 46.201)",
          "--error-text": "oklch(0.444 0.177 26.899)",
        } as CSSProperties
      }
      {...props}
    />
  );
}

export { type ExternalToast as ToastOptions, Toaster, toast };

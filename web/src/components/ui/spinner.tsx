import { cva, type VariantProps } from "class-variance-authority";
import { LoaderCircleIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

const spinnerVariants = cva("animate-spin text-primary", {
  variants: {
    size: { sm: "size-4", default: "size-6", lg: "size-10" },
  },
  defaultVariants: { size: "default" },
});

type SpinnerProps = Omit<ComponentProps<"svg">, "ref"> & VariantProps<typeof spinnerVariants>;

/** Announces itself as loading, unless aria-hidden (inside a button whose own text says what is busy). */
function Spinner({ className, size, "aria-hidden": ariaHidden, ...props }: SpinnerProps) {
  const announced = !ariaHidden;
  return (
    <LoaderCircleIcon
      role={announced ? "status" : undefined}
      aria-label={announced ? "Loading" : undefined}
      aria-hidden={ariaHidden}
      data-slot="spinner"
      className={cn(spinnerVariants({ size }), className)}
      {...props}
    />
  );
}

/** Covers the viewport while a page or the session is on its way. */
function FullScreenSpinner() {
  return (
    <div data-slot="full-screen-spinner" className="flex min-h-svh items-center justify-center bg-background">
      <Spinner size="lg" />
    </div>
  );
}

/** A submit button's content: its label, or a spinner and the busy label while the action runs. */
function BusyLabel({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <>
      {busy && <Spinner size="sm" className="text-current" aria-hidden />}
      {busy ? busyLabel : label}
    </>
  );
}

export { BusyLabel, FullScreenSpinner, Spinner };

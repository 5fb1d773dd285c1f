import { type ReactNode, useId } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";

/** A card of Settings: a section named by its title, with an anchor other pages link to. */
export function SettingsCard({
  id,
  title,
  description,
  contentClassName,
  children,
}: {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  contentClassName?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} id={id} className="scroll-mt-20">
      <Card>
        <CardHeader>
          <CardTitle id={headingId} className="text-lg">
            {title}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className={contentClassName}>{children}</CardContent>
      </Card>
    </section>
  );
}

/** What a card shows until its data is there: a spinner, or why loading failed and a way to try again. */
export function CardLoadState({
  failed,
  failedMessage,
  onRetry,
}: {
  failed: boolean;
  failedMessage: string;
  onRetry: () => void;
}) {
  return failed ? (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      {failedMessage}
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </p>
  ) : (
    <p className="flex items-center gap-2 text-muted-foreground text-sm">
      <Spinner size="sm" /> Loading…
    </p>
  );
}

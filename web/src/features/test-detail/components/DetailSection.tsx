import { type ReactNode, useId } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

interface DetailSectionProps {
  title: string;
  /** Controls beside the title, such as a copy button. */
  action?: ReactNode;
  children: ReactNode;
}

/** One titled card of the test detail page, named by its heading for assistive technology. */
export function DetailSection({ title, action, children }: DetailSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card className="gap-4">
        <CardHeader className="flex-row items-center justify-between gap-3">
          <CardTitle id={headingId} className="text-lg">
            {title}
          </CardTitle>
          {action}
        </CardHeader>
        <CardContent className="min-w-0">{children}</CardContent>
      </Card>
    </section>
  );
}

import { type ReactNode, useId } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

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

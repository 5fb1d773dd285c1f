import type { CustomDomain } from "@contract/api";
import { DomainCard } from "@/features/domains/components/DomainCard";
import { DomainTable } from "@/features/domains/components/DomainTable";
import type { DomainRowHandlers } from "@/features/domains/domain-row-handlers";
import { useIsNarrowScreen } from "@/lib/use-is-narrow-screen";

interface DomainListProps extends DomainRowHandlers {
  domains: readonly CustomDomain[];
  /** The id of the heading that names the list. */
  labelledBy: string;
}

/** A table from 768 px up, stacked cards below. */
export function DomainList({ domains, labelledBy, ...handlers }: DomainListProps) {
  const narrow = useIsNarrowScreen();
  if (!narrow) return <DomainTable domains={domains} labelledBy={labelledBy} {...handlers} />;
  return (
    <ul className="flex flex-col gap-3" aria-labelledby={labelledBy}>
      {domains.map((domain) => (
        <DomainCard key={domain.id} domain={domain} {...handlers} />
      ))}
    </ul>
  );
}

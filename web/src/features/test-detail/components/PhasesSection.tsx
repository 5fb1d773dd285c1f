import type { EarlierPhase, TestWithStats } from "@contract/api";
import { labelWithName } from "@contract/variants";
import { DetailSection } from "@/features/test-detail/components/DetailSection";

const dateTime = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });
const when = (millis: number) => dateTime.format(new Date(millis));

interface PhasesSectionProps {
  test: TestWithStats;
  /** The phases that ended, from the analytics; null while they load. */
  phases: EarlierPhase[] | null;
}

/** One ended phase's variants and counts, kept as they were, behind a disclosure. */
function PhaseResults({ phase }: { phase: EarlierPhase }) {
  return (
    <details className="rounded-lg border px-3 py-2">
      <summary className="cursor-pointer font-medium text-sm">
        Phase {phase.phase} results ({when(phase.startedAt)} – {when(phase.endedAt)})
      </summary>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-muted-foreground text-xs">
            <tr>
              <th className="py-1 pr-3 font-medium">Version</th>
              <th className="py-1 pr-3 font-medium">URL</th>
              <th className="py-1 pr-3 text-right font-medium">Weight</th>
              <th className="py-1 pr-3 text-right font-medium">Clicks</th>
              <th className="py-1 pr-3 text-right font-medium">Visitors</th>
              <th className="py-1 text-right font-medium">Conversions</th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {phase.arms.map((arm) => (
              <tr key={arm.label} className="border-t">
                <th scope="row" className="py-1 pr-3 font-medium">
                  {labelWithName(arm.label, arm.name)}
                </th>
                <td className="break-all py-1 pr-3">{arm.url}</td>
                <td className="py-1 pr-3 text-right">{arm.weight} %</td>
                <td className="py-1 pr-3 text-right">{arm.clicks}</td>
                <td className="py-1 pr-3 text-right">{arm.visitors}</td>
                <td className="py-1 text-right">{arm.conversions}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/**
 * From phase 2 on: which phase the page's numbers and verdict are (the current one), and each earlier
 * phase's results (docs/split-tests.md, "Phases").
 */
export function PhasesSection({ test, phases }: PhasesSectionProps) {
  if (test.phase === 1) return null;
  return (
    <DetailSection title={`Phase ${test.phase}`}>
      <div className="grid gap-3">
        <p className="text-muted-foreground text-sm">
          Since {when(test.phaseStartedAt ?? test.createdAt)}, when the variants last changed. The numbers and
          the verdict on this page are phase {test.phase}'s; earlier phases are kept here.
        </p>
        {phases?.map((phase) => (
          <PhaseResults key={phase.phase} phase={phase} />
        ))}
      </div>
    </DetailSection>
  );
}

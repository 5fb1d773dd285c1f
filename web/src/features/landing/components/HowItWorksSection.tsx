import type { LucideIcon } from "lucide-react";
import { ChartColumnIcon, FlaskConicalIcon, Share2Icon } from "lucide-react";

interface Step {
  title: string;
  description: string;
  icon: LucideIcon;
}

const STEPS: Step[] = [
  {
    title: "Create a Split Test",
    description: "Name your test and add the two pages you want to compare: URL A and URL B.",
    icon: FlaskConicalIcon,
  },
  {
    title: "Share Your Link",
    description: "Put one link in your ads, emails and posts. Each visitor is sent to A or B, 50/50.",
    icon: Share2Icon,
  },
  {
    title: "Analyze Results",
    description:
      "Add the one-tag tracker to your thank-you page and see clicks, conversion rates and the winner.",
    icon: ChartColumnIcon,
  },
];

export function HowItWorksSection() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-it-works-title"
      className="scroll-mt-16 bg-muted py-20 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="how-it-works-title" className="text-center font-bold text-3xl tracking-tight sm:text-4xl">
          How It Works
        </h2>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
              <div className="flex items-center justify-between">
                <span className="flex size-10 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground">
                  {index + 1}
                </span>
                <step.icon className="size-6 text-primary/70" aria-hidden />
              </div>
              <h3 className="mt-6 font-semibold text-lg">{step.title}</h3>
              <p className="mt-2 text-muted-foreground">{step.description}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

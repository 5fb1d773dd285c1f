import type { PrimaryMetric } from "@contract/api";
import { MAX_LINK_PASSWORD } from "@contract/link-password";
import { TEST_MESSAGES } from "@contract/messages";
import { DEFAULT_PRIMARY_METRIC } from "@contract/metrics";
import type { ConversionSources } from "@contract/trust";
import type { TestMode } from "@contract/variants";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { EndSettingsFields } from "@/components/split-tests/EndSettingsFields";
import { GoalFields } from "@/components/split-tests/GoalFields";
import { MetricsEditor } from "@/components/split-tests/MetricsEditor";
import { RulesEditor } from "@/components/split-tests/RulesEditor";
import { TagsField } from "@/components/split-tests/TagsField";
import { TestPlanner } from "@/components/split-tests/TestPlanner";
import { VariantsEditor } from "@/components/split-tests/VariantsEditor";
import { TextField } from "@/components/TextField";
import { Button } from "@/components/ui/button";
import { BusyLabel } from "@/components/ui/spinner";
import { createTest } from "@/features/create-test/api/create-test";
import { ConversionSourcesField } from "@/features/create-test/components/ConversionSourcesField";
import { CustomSlugField } from "@/features/create-test/components/CustomSlugField";
import { DomainField } from "@/features/create-test/components/DomainField";
import { ModeField } from "@/features/create-test/components/ModeField";
import { PrimaryMetricField } from "@/features/create-test/components/PrimaryMetricField";
import { isBlockingSlugState } from "@/features/create-test/slug-check-state";
import { useActiveDomains } from "@/features/create-test/use-active-domains";
import { useSlugCheck } from "@/features/create-test/use-slug-check";
import {
  type CreateTestField,
  type CreateTestProblem,
  type CreateTestValues,
  createTestProblems,
  endProblemOf,
  problemAt,
} from "@/features/create-test/validate-create-test";
import { useAuth } from "@/lib/auth/use-auth";
import { focusFirstInvalid } from "@/lib/focus-invalid";
import { refreshAfterChange } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";
import { withHttpsScheme } from "@/lib/split-tests/complete-url";
import type { CreatedTestState } from "@/lib/split-tests/created-test-state";
import { type EndDraft, endInputs, NO_END } from "@/lib/split-tests/end-drafts";
import { type GoalDraft, goalInput, NEW_GOAL } from "@/lib/split-tests/goal-drafts";
import {
  type MetricDraft,
  type MetricProblem,
  metricDraftsProblems,
  metricsInput,
} from "@/lib/split-tests/metric-drafts";
import { MODE_MESSAGES } from "@/lib/split-tests/mode-messages";
import { PASSWORD_HINT } from "@/lib/split-tests/password-hint";
import { NEW_PLAN, savedPlanOf } from "@/lib/split-tests/plan-text";
import { type RuleDraft, rulesInput } from "@/lib/split-tests/rule-drafts";
import { useTags } from "@/lib/split-tests/tags";
import {
  emptyDrafts,
  hasSameDestinations,
  type VariantDraft,
  variantInputs,
  withEvenWeights,
} from "@/lib/split-tests/variant-drafts";
import { toast } from "@/lib/toast";

function readValues(
  form: HTMLFormElement,
  variants: readonly VariantDraft[],
  customSlug: string,
  end: EndDraft,
  rules: readonly RuleDraft[],
  fallbackUrl: string,
  revenueDecides: boolean,
  goal: GoalDraft,
): CreateTestValues {
  const data = new FormData(form);
  const field = (name: string) => String(data.get(name) ?? "").trim();
  return {
    // A password is kept as typed: its spaces are part of it.
    password: String(data.get("password") ?? ""),
    name: field("name"),
    variants,
    conversionUrl: goal.kind === "page" ? goal.url.trim() : "",
    customSlug,
    currency: field("currency"),
    revenueDecides,
    end,
    rules,
    fallbackUrl,
  };
}

/**
 * The form validates itself (noValidate) so that its messages are the specification's, in its order: the
 * first problem shows as a toast and under each field it is about (marked invalid, the first one
 * focused); required and type="url" still tell assistive technology what each field expects. A URL
 * without a scheme gets https:// when the field is left and before the check.
 */
export function CreateTestForm() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const domains = useActiveDomains();
  const [domainId, setDomainId] = useState<string | null>(null);
  const [slug, setSlug] = useState("");
  const [variants, setVariants] = useState(emptyDrafts);
  const [end, setEnd] = useState(NO_END);
  const [mode, setMode] = useState<TestMode>("experiment");
  const [metric, setMetric] = useState<PrimaryMetric>(DEFAULT_PRIMARY_METRIC);
  const [currency, setCurrency] = useState("");
  const [rules, setRules] = useState<RuleDraft[]>([]);
  const [fallbackUrl, setFallbackUrl] = useState("");
  const [sources, setSources] = useState<ConversionSources>("all");
  const [goal, setGoal] = useState(NEW_GOAL);
  const [metrics, setMetrics] = useState<MetricDraft[]>([]);
  const [metricProblems, setMetricProblems] = useState<(MetricProblem | null)[]>([]);
  const [plan, setPlan] = useState(NEW_PLAN);
  const [problem, setProblem] = useState<CreateTestProblem | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const { colourOf } = useTags();
  const formRef = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: createTest,
    // The dashboard lists it; its slug is no longer free.
    onSuccess: () => void refreshAfterChange(queryClient, [queryKeys.tests.list, queryKeys.tests.slugChecks]),
  });
  // Stays busy from the click until the page has moved on to the new test.
  const busy = create.isPending || create.isSuccess;

  const domain = domains.find(({ id }) => id === domainId) ?? null;
  // A custom path on the chosen domain, or at /r/{path} on the default one.
  const customSlug = slug.trim();
  const slugCheck = useSlugCheck(customSlug, domain?.id ?? null);

  // Two versions with one address: asked once per save, then the form is sent again.
  const [askSameUrls, setAskSameUrls] = useState(false);
  const sameUrlsConfirmed = useRef(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!user) {
      toast.error(TEST_MESSAGES.notSignedIn);
      return;
    }
    const completedVariants = variants.map((variant) => ({ ...variant, url: withHttpsScheme(variant.url) }));
    const completedGoal = { ...goal, url: withHttpsScheme(goal.url) };
    setVariants(completedVariants);
    setGoal(completedGoal);
    const values = readValues(
      event.currentTarget,
      completedVariants,
      customSlug,
      end,
      rules,
      fallbackUrl,
      metric === "revenue_per_visitor",
      completedGoal,
    );
    const found = createTestProblems({ ...values, optimise: mode === "optimise" }, slugCheck);
    setProblem(found);
    const foundInMetrics = found ? [] : metricDraftsProblems(metrics);
    setMetricProblems(foundInMetrics);
    const metricProblem = foundInMetrics.find((p) => p !== null);
    if (found || metricProblem) {
      toast.error(found?.message ?? metricProblem?.message ?? "");
      // Once React marked them: the first field the problem is about, its closed section opened.
      setTimeout(() => focusFirstInvalid(formRef.current), 0);
      return;
    }
    if (hasSameDestinations(values.variants) && !sameUrlsConfirmed.current) {
      setAskSameUrls(true);
      return;
    }
    sameUrlsConfirmed.current = false;

    try {
      const test = await create.mutateAsync({
        name: values.name,
        variants: variantInputs(values.variants),
        ...goalInput(completedGoal),
        customDomainId: domain?.id ?? null,
        customSlug: values.customSlug || null,
        mode,
        ...endInputs(values.end),
        primaryMetric: metric,
        currency: values.currency || null,
        ...rulesInput(values.rules, values.fallbackUrl),
        conversionSources: sources,
        plan: savedPlanOf(plan),
        ...(values.password ? { password: values.password } : {}),
        ...(metrics.length ? { metrics: metricsInput(metrics) } : {}),
        ...(tags.length ? { tags } : {}),
      });
      toast.success(TEST_MESSAGES.created);
      const state: CreatedTestState = { createdTest: test };
      navigate(`/test/${encodeURIComponent(test.slug)}`, { state });
    } catch (error) {
      console.warn("Could not create the test", error);
      toast.error(error instanceof Error && error.message ? error.message : TEST_MESSAGES.createFailed);
    }
  }

  /** The problem without `fields`, once the user changed them. */
  function fixed(...fields: CreateTestField[]) {
    if (problem?.fields.some((field) => fields.includes(field)))
      setProblem({ ...problem, fields: problem.fields.filter((field) => !fields.includes(field)) });
  }

  function changeVariants(next: VariantDraft[]) {
    fixed(
      ...next.flatMap((variant, index): CreateTestField[] =>
        variant.url === variants[index]?.url ? [] : [`url-${index}`],
      ),
      ...(next.map((variant) => variant.weight).join() === variants.map((variant) => variant.weight).join()
        ? []
        : (["weights"] as const)),
    );
    setVariants(next);
  }

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate className="grid gap-5">
      <ConfirmDialog
        open={askSameUrls}
        onOpenChange={setAskSameUrls}
        title={TEST_MESSAGES.sameUrls}
        description={TEST_MESSAGES.sameUrlsDetail}
        confirmLabel="Create anyway"
        onConfirm={() => {
          sameUrlsConfirmed.current = true;
          formRef.current?.requestSubmit();
        }}
      />
      <TextField
        label="Test Name"
        name="name"
        required
        autoComplete="off"
        maxLength={200}
        problem={problemAt(problem, "name")}
        onChange={() => fixed("name")}
      />
      <TagsField tags={tags} onChange={setTags} colourOf={colourOf} />
      <DomainField domains={domains} domainId={domain?.id ?? null} onDomainIdChange={setDomainId} />
      <CustomSlugField
        base={domain ? `https://${domain.domain}/` : `${window.location.origin}/r/`}
        slug={slug}
        onSlugChange={setSlug}
        check={slugCheck}
      />
      <ModeField
        mode={mode}
        onModeChange={(next) => {
          setMode(next);
          // The bandit starts from an even split.
          if (next === "optimise") setVariants(withEvenWeights(variants));
        }}
      />
      <VariantsEditor
        drafts={variants}
        onChange={changeVariants}
        managedSplit={mode === "optimise" ? MODE_MESSAGES.managedSplit : undefined}
        urlProblems={variants.map((_, index) => problemAt(problem, `url-${index}`))}
        weightsProblem={problemAt(problem, "weights")}
      />
      <GoalFields
        draft={goal}
        onChange={(next) => {
          if (next.url !== goal.url || next.kind !== goal.kind) fixed("conversionUrl");
          setGoal(next);
        }}
        problem={problemAt(problem, "conversionUrl")}
      />
      <PrimaryMetricField
        metric={metric}
        onMetricChange={setMetric}
        currency={currency}
        onCurrencyChange={(next) => {
          fixed("currency");
          setCurrency(next);
        }}
        currencyProblem={problemAt(problem, "currency")}
      />
      <details className="group rounded-lg border px-4 py-3">
        <summary className="cursor-pointer font-medium text-sm">
          More metrics and guardrails (optional)
        </summary>
        <div className="mt-4">
          <MetricsEditor
            drafts={metrics}
            onChange={(next) => {
              setMetricProblems([]);
              setMetrics(next);
            }}
            problems={metricProblems}
          />
        </div>
      </details>
      <details className="group rounded-lg border px-4 py-3">
        <summary className="cursor-pointer font-medium text-sm">How long it takes (optional)</summary>
        <div className="mt-4">
          <TestPlanner
            draft={plan}
            onChange={setPlan}
            weights={variants.map((variant) => (mode === "optimise" ? Number.NaN : Number(variant.weight)))}
          />
        </div>
      </details>
      <details className="group rounded-lg border px-4 py-3">
        <summary className="cursor-pointer font-medium text-sm">End the test on its own (optional)</summary>
        <div className="mt-4">
          <EndSettingsFields
            draft={end}
            onChange={(next) => {
              fixed("endsAt", "endAfterVisitors");
              setEnd(next);
            }}
            problem={endProblemOf(problem)}
          />
        </div>
      </details>
      <ConversionSourcesField
        sources={sources}
        onSourcesChange={setSources}
        // A test that promotes or moves traffic by itself acts on conversions a stranger could send.
        recommendServer={mode === "optimise" || end.onEnd === "promote"}
      />
      <details className="group rounded-lg border px-4 py-3">
        <summary className="cursor-pointer font-medium text-sm">Audience rules (optional)</summary>
        <div className="mt-4">
          <RulesEditor
            drafts={rules}
            onChange={(next) => {
              fixed("rules");
              setRules(next);
            }}
            fallbackUrl={fallbackUrl}
            onFallbackUrlChange={(next) => {
              fixed("rules");
              setFallbackUrl(next);
            }}
            problem={problem?.fields.includes("rules") ? problem.rules : null}
          />
        </div>
      </details>
      <details className="group rounded-lg border px-4 py-3">
        <summary className="cursor-pointer font-medium text-sm">Password (optional)</summary>
        <div className="mt-4">
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            maxLength={MAX_LINK_PASSWORD}
            hint={PASSWORD_HINT}
            problem={problemAt(problem, "password")}
            onChange={() => fixed("password")}
          />
        </div>
      </details>
      <Button type="submit" size="lg" className="w-full" disabled={busy || isBlockingSlugState(slugCheck)}>
        <BusyLabel busy={busy} label="Create Test" busyLabel="Creating..." />
      </Button>
    </form>
  );
}

import { WebhookIcon } from "lucide-react";
import { Link } from "react-router-dom";
import { loadStatus, useQueryFailure } from "@/lib/query";
import { useWebhookList } from "@/lib/webhooks/list-webhooks";

const TEST_EVENTS = ["test.verdict", "test.completed", "test.srm_detected"] as const;

function warnLoadFailed(error: Error) {
  console.warn("Could not load the webhooks", error);
}

/** Which of the owner's webhook endpoints hear about this test's verdict, end and split, and their state. */
export function WebhooksLine() {
  // The same query as Settings' webhooks section: a change there shows here.
  const query = useWebhookList();
  useQueryFailure(query, warnLoadFailed);
  if (loadStatus(query) === "loading") return null;
  const endpoints = query.data ?? "failed";
  const hearing =
    endpoints === "failed"
      ? []
      : endpoints.filter((endpoint) => endpoint.events.some((event) => TEST_EVENTS.some((e) => e === event)));
  const failing = hearing.filter((endpoint) => endpoint.status === "failing").length;
  const text =
    endpoints === "failed"
      ? "Could not load your webhooks."
      : hearing.length === 0
        ? "No webhook hears about this test."
        : `${hearing.length === 1 ? "1 webhook hears" : `${hearing.length} webhooks hear`} about its verdict, its end or its split${failing ? `; ${failing} failing` : ""}.`;
  return (
    <p className="flex flex-wrap items-start gap-2 text-sm">
      <WebhookIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span>
        {text}{" "}
        <Link to="/settings/webhooks" className="text-primary underline underline-offset-4">
          Webhooks in Settings
        </Link>
      </span>
    </p>
  );
}

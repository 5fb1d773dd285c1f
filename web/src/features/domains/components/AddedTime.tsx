import { formatTimeAgo } from "@/lib/time";

/** When the domain was added, relative ('3 days ago'); the exact moment on hover. */
export function AddedTime({ createdAt }: { createdAt: number }) {
  const date = new Date(createdAt);
  return (
    <time dateTime={date.toISOString()} title={date.toLocaleString()}>
      {formatTimeAgo(createdAt)}
    </time>
  );
}

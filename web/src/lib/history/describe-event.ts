import type { HistoryEvent } from "@contract/api";
import { HISTORY_MESSAGES as M } from "@contract/messages";
import { VARIANT_LABELS } from "@contract/variants";

// The words of a history event: who made it, what it did, and a line of what changed. The Worker
// stores codes and a few details; anything unexpected in them is left out rather than shown wrong.

type Details = Record<string, unknown>;

/** Who made the change: the user's email, the API key's name, or the autopilot. */
export function actorOf(actor: HistoryEvent["actor"]): string {
  if (actor.type === "autopilot") return M.autopilot;
  if (actor.type === "api_key") return actor.name ? M.apiKey(actor.name) : M.someone;
  return actor.email ?? M.someone;
}

/** "ana@example.com paused the test", "Autopilot moved the weights". */
export function sentenceOf(event: Pick<HistoryEvent, "actor" | "action">): string {
  return `${actorOf(event.actor)} ${M.actions[event.action] ?? event.action}`;
}

const text = (value: unknown): string | null => (typeof value === "string" && value ? value : null);
const label = (i: number) => VARIANT_LABELS[i] ?? String(i + 1);

function numbers(value: unknown): number[] | null {
  return Array.isArray(value) && value.every((n) => typeof n === "number") ? value : null;
}

/** "A 30 % · B 70 %" */
export function weightsLine(weights: readonly number[]): string {
  return weights.map((weight, i) => M.weight(label(i), weight)).join(" · ");
}

interface VariantDetail {
  url: string;
  weight: number;
  name?: string;
}

function variants(value: unknown): VariantDetail[] | null {
  if (!Array.isArray(value)) return null;
  const valid = value.every(
    (v) => typeof v === "object" && v !== null && typeof v.url === "string" && typeof v.weight === "number",
  );
  return valid ? (value as VariantDetail[]) : null;
}

/** What changed between two sets of variants: new URLs, names, variants added or removed, new weights. */
function variantsLine(details: Details): string[] {
  const before = variants(details.before);
  const after = variants(details.after);
  if (!before || !after) return [];
  const parts: string[] = [];
  after.forEach((variant, i) => {
    const was = before[i];
    if (!was) parts.push(M.addedVariant(label(i), variant.url));
    else {
      if (was.url !== variant.url) parts.push(M.changedUrl(label(i), variant.url));
      if (variant.name && was.name !== variant.name) parts.push(M.changedName(label(i), variant.name));
    }
  });
  for (let i = after.length; i < before.length; i++) parts.push(M.removedVariant(label(i)));
  if (before.length !== after.length || before.some((v, i) => v.weight !== after[i]?.weight))
    parts.push(weightsLine(after.map((v) => v.weight)));
  return parts;
}

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

/** The start date and the page before it (issue #49), first in an end settings line. */
function startLine(details: Details): string[] {
  const startsAt = text(details.startsAt);
  if (!startsAt || Number.isNaN(Date.parse(startsAt))) return [];
  const before = text(details.beforeUrl);
  return [M.startsAt(dateFormat.format(new Date(startsAt))), ...(before ? [M.beforeUrl(before)] : [])];
}

function endLine(details: Details): string[] {
  return [...startLine(details), ...endOnlyLine(details)];
}

function endOnlyLine(details: Details): string[] {
  const parts: string[] = [];
  const endsAt = text(details.endsAt);
  if (endsAt && !Number.isNaN(Date.parse(endsAt))) parts.push(M.endsAt(dateFormat.format(new Date(endsAt))));
  if (typeof details.endAfterVisitors === "number")
    parts.push(M.endAfter(details.endAfterVisitors.toLocaleString("en")));
  const minimumDays = typeof details.minimumDays === "number" ? [M.minimumDays(details.minimumDays)] : [];
  if (parts.length === 0) return [M.noEnd, ...minimumDays];
  const onEnd = text(details.onEnd);
  if (onEnd && onEnd in M.onEnd) parts.push(M.onEnd[onEnd as keyof typeof M.onEnd]);
  const afterUrl = text(details.afterUrl);
  if (onEnd === "url" && afterUrl) parts.push(M.afterUrl(afterUrl));
  if (details.stopEarly === true) parts.push(M.stopEarly);
  return [...parts, ...minimumDays];
}

function goalLine(details: Details): string[] {
  const parts: string[] = [];
  const goal = text(details.conversionGoal);
  if (goal === "page") parts.push(`${M.goal.page} ${text(details.conversionUrl) ?? ""}`.trim());
  else if (goal === "call" || goal === "none") parts.push(M.goal[goal]);
  const currency = text(details.currency);
  if (currency) parts.push(M.currency(currency));
  if (details.conversionSources === "server") parts.push(M.serverOnly);
  return parts;
}

function endedLine(details: Details): string[] {
  const parts: string[] = [];
  const reason = text(details.reason);
  if (reason && reason in M.endReason) parts.push(M.endReason[reason as keyof typeof M.endReason]);
  const result = text(details.result);
  const winner = text(details.winner);
  if (result === "promoted") parts.push(M.endResult.promoted(winner ?? "?"));
  else if (result === "kept" || result === "control" || result === "no_winner" || result === "url")
    parts.push(M.endResult[result]);
  return parts;
}

function member(details: Details): string[] {
  const email = text(details.email);
  const role = text(details.role);
  if (email && role) return [M.role(email, role)];
  return email ? [email] : [];
}

/** A readable line of what changed; empty when the action says it all. */
export function detailsOf(event: Pick<HistoryEvent, "action" | "details">): string {
  const d = event.details;
  const parts: string[] = (() => {
    switch (event.action) {
      case "test.created":
      case "test.deleted":
        return [text(d.name)].filter((part) => part !== null);
      case "test.variants_changed":
        return variantsLine(d);
      case "test.weights_changed":
      case "test.weights_moved": {
        const after = numbers(d.after);
        return after ? [weightsLine(after)] : [];
      }
      case "test.rules_changed":
        return typeof d.rules === "number" ? [M.rules(d.rules)] : [];
      case "test.end_settings_changed":
        return endLine(d);
      case "test.goal_changed":
        return goalLine(d);
      case "test.password_changed":
        return [d.passwordProtected ? M.password.set : M.password.removed];
      case "test.tags_changed":
        return Array.isArray(d.tags)
          ? [d.tags.filter((tag) => typeof tag === "string").join(", ") || "—"]
          : [];
      case "tag.colour_changed":
        return [text(d.tag), text(d.colour)].filter((part) => part !== null);
      case "test.promoted":
        return text(d.variant) ? [M.promoted(text(d.variant) ?? "")] : [];
      case "test.ended":
        return endedLine(d);
      case "domain.added":
      case "domain.removed":
        return [text(d.domain)].filter((part) => part !== null);
      case "domain.fallback_changed":
        return [text(d.domain), text(d.fallbackUrl) ?? M.noFallback].filter((part) => part !== null);
      case "api_key.created":
      case "api_key.revoked":
      case "utm_template.saved":
      case "utm_template.deleted":
        return text(d.name) ? [`‘${text(d.name)}’`] : [];
      case "webhook.created":
      case "webhook.deleted":
      case "webhook.enabled":
        return [text(d.url)].filter((part) => part !== null);
      case "integration.connected":
      case "integration.disconnected":
      case "integration.enabled": {
        const kind = text(d.kind);
        return [kind ? (M.integration[kind] ?? kind) : null, text(d.url)].filter((part) => part !== null);
      }
      case "member.invited":
      case "member.invitation_resent":
      case "member.invitation_revoked":
      case "member.invitation_declined":
      case "member.joined":
      case "member.role_changed":
      case "member.removed":
      case "member.left":
      case "ownership.transferred":
        return member(d);
      default:
        return [];
    }
  })();
  if (typeof d.phase === "number") parts.push(M.newPhase(d.phase));
  return parts.join(" · ");
}

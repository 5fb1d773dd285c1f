import type { CustomDomain } from "@contract/api";
import {
  CircleDashedIcon,
  ClockIcon,
  type LucideIcon,
  ShieldCheckIcon,
  TriangleAlertIcon,
} from "lucide-react";

export interface DomainStatusView {
  label: "Verified" | "Pending Verification";
  /** The badge colour: green active, amber pending, red error, neutral otherwise. */
  variant: "success" | "warning" | "destructive" | "outline";
  icon: LucideIcon;
  /** What the status means, shown as the badge's tooltip. */
  meaning: string;
}

/** The specification's colour and meaning of each domain status; a domain is verified only when active. */
export function domainStatusView(status: CustomDomain["status"]): DomainStatusView {
  switch (status) {
    case "active":
      return { label: "Verified", variant: "success", icon: ShieldCheckIcon, meaning: "SSL secure" };
    case "pending_validation":
      return {
        label: "Pending Verification",
        variant: "warning",
        icon: ClockIcon,
        meaning: "Custom domain pending verification",
      };
    case "error":
      return {
        label: "Pending Verification",
        variant: "destructive",
        icon: TriangleAlertIcon,
        meaning: "Custom domain with issues",
      };
    default:
      // "new", and any status this screen does not know yet.
      return {
        label: "Pending Verification",
        variant: "outline",
        icon: CircleDashedIcon,
        meaning: "Pending verification",
      };
  }
}

export function isDomainVerified(domain: CustomDomain): boolean {
  return domain.status === "active";
}

import { LandingView } from "@/features/landing/LandingView";
import { useAuth } from "@/lib/auth/use-auth";

/** The landing page reached inside the app (after logging out, say); a fresh visit gets it pre-rendered. */
export default function LandingPage() {
  const { status } = useAuth();
  return <LandingView status={status} />;
}

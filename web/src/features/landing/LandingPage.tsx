import { useAuth } from "@/features/auth/use-auth";
import { LandingView } from "@/features/landing/LandingView";

/** The landing page reached inside the app (after logging out, say); a fresh visit gets it pre-rendered. */
export default function LandingPage() {
  const { status } = useAuth();
  return <LandingView status={status} />;
}

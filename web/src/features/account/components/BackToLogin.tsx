import { Link } from "react-router-dom";

/** The way back from the password-reset pages to the login tab. */
export function BackToLogin() {
  return (
    <p className="mt-6 text-center text-sm">
      <Link to="/login" className="text-primary underline-offset-4 hover:underline">
        Back to login
      </Link>
    </p>
  );
}

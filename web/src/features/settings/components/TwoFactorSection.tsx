import type { TwoFactorSetupResponse } from "@contract/api";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { encodeQR } from "qr";
import { type FormEvent, useId, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { BusyLabel } from "@/components/ui/spinner";
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor } from "@/features/settings/api/two-factor";
import { getTwoFactorStatus } from "@/lib/auth/api/two-factor-status";
import { showAuthError } from "@/lib/auth/show-auth-error";
import { TWO_FACTOR_SCREEN_MESSAGES } from "@/lib/auth/two-factor-screen-messages";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/lib/toast";

/** The otpauth:// URL as an SVG QR code (quiet zone of 4 modules, as scanners need). */
function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const dark = encodeQR(text, "raw", { ecc: "medium", border: 4 });
    let drawn = "";
    dark.forEach((row, y) => {
      row.forEach((on, x) => {
        if (on) drawn += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { size: dark.length, path: drawn };
  }, [text]);
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      className="size-48 bg-white"
      shapeRendering="crispEdges"
      role="img"
      aria-label={label}
    >
      <path d={path} fill="#000" />
    </svg>
  );
}

/** Settings, Account and security: two-factor sign-in on (with recovery codes) or off (asking for the password in place when it is not recent). */
export function TwoFactorSection() {
  const headingId = useId();
  const codeId = useId();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: queryKeys.twoFactor,
    queryFn: ({ signal }) => getTwoFactorStatus(signal),
  });
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    // Enter in the code's field submits again while the buttons are only aria-disabled: one at a time.
    if (busy) return;
    setBusy(true);
    try {
      await action();
    } catch (error) {
      console.warn("Two-factor sign-in change failed", error);
      showAuthError(error);
    } finally {
      setBusy(false);
    }
  }

  const startSetup = () => run(async () => setSetup(await setUpTwoFactor()));

  const turnOn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "");
    return run(async () => {
      const { recoveryCodes: codes } = await enableTwoFactor(code);
      setSetup(null);
      setRecoveryCodes(codes);
      toast.success(TWO_FACTOR_SCREEN_MESSAGES.enabled);
      await queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor });
    });
  };

  const turnOff = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    return run(async () => {
      const { message } = await disableTwoFactor();
      toast.success(message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor });
    });
  };

  const enabled = status.data?.enabled === true;
  return (
    <section aria-labelledby={headingId} id="security">
      <Card>
        <CardHeader>
          <CardTitle id={headingId} className="text-lg">
            {TWO_FACTOR_SCREEN_MESSAGES.sectionTitle}
          </CardTitle>
          {status.data && (
            <CardDescription>
              {enabled ? TWO_FACTOR_SCREEN_MESSAGES.sectionOn : TWO_FACTOR_SCREEN_MESSAGES.sectionOff}
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="grid gap-5">
          {recoveryCodes && (
            <div className="grid gap-3">
              <h3 className="font-medium">{TWO_FACTOR_SCREEN_MESSAGES.recoveryTitle}</h3>
              <p className="text-muted-foreground text-sm">{TWO_FACTOR_SCREEN_MESSAGES.recoveryIntro}</p>
              <ul className="grid grid-cols-2 gap-1 font-mono text-sm sm:max-w-sm">
                {recoveryCodes.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </ul>
              <Button variant="outline" className="justify-self-start" onClick={() => setRecoveryCodes(null)}>
                {TWO_FACTOR_SCREEN_MESSAGES.recoveryDone}
              </Button>
            </div>
          )}
          {status.data && !enabled && !setup && (
            <Button className="justify-self-start" aria-disabled={busy} onClick={startSetup}>
              <BusyLabel
                busy={busy}
                label={TWO_FACTOR_SCREEN_MESSAGES.setUp}
                busyLabel={TWO_FACTOR_SCREEN_MESSAGES.setUp}
              />
            </Button>
          )}
          {setup && !enabled && (
            <form onSubmit={turnOn} className="grid gap-4 sm:max-w-sm">
              <p className="text-muted-foreground text-sm">{TWO_FACTOR_SCREEN_MESSAGES.scanIntro}</p>
              <QrCode text={setup.otpauthUrl} label={TWO_FACTOR_SCREEN_MESSAGES.scanIntro} />
              <p className="text-sm">
                {TWO_FACTOR_SCREEN_MESSAGES.keyLabel}: <code className="break-all">{setup.secret}</code>
              </p>
              <div className="grid gap-2">
                <Label htmlFor={codeId}>{TWO_FACTOR_SCREEN_MESSAGES.codeLabel}</Label>
                <Input id={codeId} name="code" autoComplete="one-time-code" inputMode="numeric" required />
              </div>
              <Button type="submit" className="justify-self-start" aria-disabled={busy}>
                <BusyLabel
                  busy={busy}
                  label={TWO_FACTOR_SCREEN_MESSAGES.turnOn}
                  busyLabel={TWO_FACTOR_SCREEN_MESSAGES.verifying}
                />
              </Button>
            </form>
          )}
          {enabled && (
            <form onSubmit={turnOff} className="grid gap-4 sm:max-w-sm">
              <p className="text-muted-foreground text-sm">{TWO_FACTOR_SCREEN_MESSAGES.turnOffIntro}</p>
              <Button type="submit" variant="outline" className="justify-self-start" aria-disabled={busy}>
                <BusyLabel
                  busy={busy}
                  label={TWO_FACTOR_SCREEN_MESSAGES.turnOff}
                  busyLabel={TWO_FACTOR_SCREEN_MESSAGES.turnOff}
                />
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

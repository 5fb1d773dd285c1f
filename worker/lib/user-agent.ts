import type { DeviceType, OperatingSystem } from "../../contract/rules";

// A few regular expressions, not a parser library: the redirect runs them on every visit, and device
// type and operating system are all the rules and the breakdowns need. iPads since iPadOS 13 announce
// themselves as Macs and count as desktops.
const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i;
const MOBILE = /Mobi|iPhone|iPod|Windows Phone|BlackBerry|Opera Mini|IEMobile/i;

export function deviceTypeOf(userAgent: string): DeviceType {
  if (TABLET.test(userAgent)) return "tablet";
  if (MOBILE.test(userAgent)) return "mobile";
  return "desktop";
}

/** The operating system, tested most specific first (iOS says "like Mac OS X", Android and ChromeOS say Linux). */
export function operatingSystemOf(userAgent: string): OperatingSystem | null {
  if (/iPhone|iPad|iPod/.test(userAgent)) return "ios";
  if (/Android/.test(userAgent)) return "android";
  if (/CrOS/.test(userAgent)) return "chromeos";
  if (/Windows/.test(userAgent)) return "windows";
  if (/Macintosh|Mac OS X/.test(userAgent)) return "macos";
  if (/Linux|X11/.test(userAgent)) return "linux";
  return null;
}

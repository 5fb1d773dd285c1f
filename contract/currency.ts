// Money on conversions: ISO 4217 currencies, amounts as integers in minor units (cents). The form, the
// tracker's beacon, the server-side API and the screens apply the same rules.

/**
 * Currencies a conversion may carry: ISO 4217's current codes for money (no funds, metals or test
 * codes), with the few whose minor unit is not a hundredth. ANG, SLL and ZWL are still in use while
 * their successors (XCG, SLE, ZWG) settle.
 */
const CURRENCY_CODES =
  "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VED VES VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG ZWL".split(
    " ",
  );

/** ISO 4217's minor-unit exponent where it is not 2. */
const DECIMALS: Readonly<Record<string, number>> = {
  ...Object.fromEntries(
    "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX VND VUV XAF XOF XPF".split(" ").map((code) => [code, 0]),
  ),
  ...Object.fromEntries("BHD IQD JOD KWD LYD OMR TND".split(" ").map((code) => [code, 3])),
};

const KNOWN = new Set(CURRENCY_CODES);

/** A conversion's amount is at most this many major units: above it, it is a typo or a forgery. */
export const MAX_AMOUNT = 1_000_000_000;

export function isCurrency(value: unknown): value is string {
  return typeof value === "string" && KNOWN.has(value);
}

/** Digits after the decimal point: 2 for EUR, 0 for JPY, 3 for KWD. */
export function currencyDecimals(currency: string): number {
  return DECIMALS[currency] ?? 2;
}

/**
 * An amount in major units (49.99) as an integer in minor units (4999); null when it is negative,
 * above MAX_AMOUNT, not finite, or finer than the currency's minor unit (49.999 EUR).
 */
export function toMinorUnits(amount: number, currency: string): number | null {
  if (!Number.isFinite(amount) || amount < 0 || amount > MAX_AMOUNT) return null;
  const scaled = amount * 10 ** currencyDecimals(currency);
  const minor = Math.round(scaled);
  // 49.99 × 100 is 4998.999…: a rounding error of the binary fraction, not a thousandth of a cent.
  return Math.abs(scaled - minor) <= 1e-9 * Math.max(1, scaled) ? minor : null;
}

/** Minor units (4999) back to major units (49.99). */
export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** currencyDecimals(currency);
}

/** Minor units as a plain decimal with the currency's digits, for files: 4999 EUR → "49.99", 1500 JPY → "1500". */
export function decimalAmount(minor: number, currency: string): string {
  return fromMinorUnits(minor, currency).toFixed(currencyDecimals(currency));
}

/**
 * Stripe's minor units where they differ from ISO 4217's (https://docs.stripe.com/currencies): its
 * zero-decimal currencies (MGA, which ISO gives 2) and ISK, which Stripe keeps at two decimals
 * (ISO: 0). Its three-decimal currencies are ISO's.
 */
const STRIPE_DECIMALS: Readonly<Record<string, number>> = {
  ...Object.fromEntries(
    "BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF".split(" ").map((code) => [code, 0]),
  ),
  ...Object.fromEntries("BHD JOD KWD OMR TND".split(" ").map((code) => [code, 3])),
  ISK: 2,
};

/**
 * A Stripe amount (its minor units, with its lowercase currency) as a conversion's value: minor units
 * of ISO 4217 (2000 usd → 2000 USD; 500 jpy → 500 JPY; 10000 isk → 100 ISK). Null for a currency
 * SplitLink does not know or an amount that is not a whole non-negative number.
 */
export function fromStripeAmount(
  amount: number,
  stripeCurrency: string,
): { amount: number; currency: string } | null {
  const currency = stripeCurrency.toUpperCase();
  if (!isCurrency(currency) || !Number.isSafeInteger(amount) || amount < 0) return null;
  if (stripeAmountTooLarge(amount, stripeCurrency)) return null;
  const shift = currencyDecimals(currency) - (STRIPE_DECIMALS[currency] ?? 2);
  return { amount: Math.round(amount * 10 ** shift), currency };
}

/** A Stripe amount (minor units) above MAX_AMOUNT major units: a forgery or a typo, as for the beacon. */
export function stripeAmountTooLarge(amount: number, stripeCurrency: string): boolean {
  const decimals = STRIPE_DECIMALS[stripeCurrency.toUpperCase()] ?? 2;
  return !Number.isSafeInteger(amount) || amount > MAX_AMOUNT * 10 ** decimals;
}

// Where a region's money is not its own code's first two letters plus a letter (ISO 4217 mostly is):
// the euro area (Bulgaria since 2026) and those that use the euro or a neighbour's money.
const REGION_CURRENCY: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    "AD AT BE BG CY DE EE ES FI FR GR HR IE IT LT LU LV MC ME MT NL PT SI SK SM VA XK"
      .split(" ")
      .map((region) => [region, "EUR"]),
  ),
  ...Object.fromEntries("EC PR SV".split(" ").map((region) => [region, "USD"])),
  LI: "CHF",
};

/**
 * The currency a browser's language tag (`navigator.language`, e.g. "de-DE", "en-GB", "ja") points to,
 * for a new workspace; null when it names no region SplitLink can tell a currency of.
 */
export function currencyOfLocale(tag: string): string | null {
  let region: string | undefined;
  try {
    region = new Intl.Locale(tag).maximize().region;
  } catch {
    return null;
  }
  if (!region || !/^[A-Z]{2}$/.test(region)) return null;
  const known = REGION_CURRENCY[region];
  if (known) return known;
  // ISO 4217 codes begin with their country's ISO 3166 code: USD, GBP, JPY, CHF, SEK.
  const matching = CURRENCY_CODES.filter((code) => code.startsWith(region));
  return matching.length === 1 ? (matching[0] ?? null) : null;
}

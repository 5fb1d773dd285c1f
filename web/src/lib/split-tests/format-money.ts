/**
 * An amount in the test's currency as people read it: "€49.99", "¥1,500". Without a currency yet
 * (no valued conversion) a plain number with two decimals.
 */
export function formatMoney(amount: number, currency: string | null): string {
  const value = Number.isFinite(amount) ? amount : 0;
  if (!currency) return value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(value);
}

/**
 * Display formats more than one feature uses (a feature never imports another feature's helpers).
 */

/** A length of time as a clock shows it, whole seconds elapsed: 7.9 → "0:07", 75 → "1:15", 3725 → "1:02:05". */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** A country's name in the interface language ('DE' → "Germany", "Deutschland"…), the code if unknown. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Short links' clicks per country in one line, most first: "United States (2), Germany (1)". */
export function formatCountries(
  countries: readonly { country: string; clicks: number }[],
  language: string,
): string {
  return countries.map((row) => `${countryName(row.country, language)} (${row.clicks})`).join(', ');
}

/**
 * The `redirect` search value is followed only when it is a path on this site (docs/architecture.md §2): it must
 * start with one '/', and not '//' or '/\' (which browsers read as another host).
 */
export function safeRedirect(value: unknown, fallback = '/account'): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  if (value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if ([...value].some((char) => char.charCodeAt(0) < 0x20)) return fallback;
  return value;
}

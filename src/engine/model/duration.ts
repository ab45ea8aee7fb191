// Go's time.ParseDuration, for configuration fields written as metav1.Duration ("10m", "30s").

const GO_DURATION_UNITS: Record<string, number> = { ns: 1e-9, us: 1e-6, 'µs': 1e-6, 'μs': 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

/** upstream: time.ParseDuration (metav1.Duration's JSON form), in seconds */
export function parseGoDuration(s: string): number | undefined {
  if (s === '0') return 0;
  const m = /^([-+]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+$/.exec(s);
  if (!m) return undefined;
  let total = 0;
  for (const part of s.replace(/^[-+]/, '').matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g)) {
    total += Number(part[1]) * GO_DURATION_UNITS[part[2]!]!;
  }
  return m[1] === '-' ? -total : total;
}

// `npm run bench -- --scheduler-perf --only ...`: which workloads run.

/**
 * `--only`: names or globs separated by commas, each matching a whole workload name (`*` any
 * text, `?` one character). A bare name is exact: `SchedulingBasic` is not SchedulingBasic50000Pods.
 */
export function onlyMatcher(only: string | undefined): (name: string) => boolean {
  if (only === undefined) return () => true;
  const patterns = only.split(',').map((p) => p.trim()).filter((p) => p !== '').map((p) =>
    new RegExp(`^${p.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`));
  return (name) => patterns.some((re) => re.test(name));
}

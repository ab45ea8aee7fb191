// How numbers from the engine are written on screen, the way kubectl writes them.

const BINARY_UNITS: [string, number][] = [['Ti', 2 ** 40], ['Gi', 2 ** 30], ['Mi', 2 ** 20], ['Ki', 2 ** 10]];

/** cpu in millicores: "1500m", "2"; bytes: "512Mi", "1.5Gi"; everything else as a count. */
export function formatQuantity(resource: string, value: number): string {
  if (resource === 'cpu') return value % 1000 === 0 ? String(value / 1000) : `${value}m`;
  if (resource === 'memory' || resource === 'ephemeral-storage' || resource.startsWith('hugepages-')) return formatBytes(value);
  return String(value);
}

export function formatBytes(bytes: number): string {
  for (const [unit, size] of BINARY_UNITS) {
    if (Math.abs(bytes) >= size) {
      const n = bytes / size;
      return `${Number.isInteger(n) ? n : n.toFixed(1)}${unit}`;
    }
  }
  return String(bytes);
}

/** Simulated seconds as kubectl's ages: 45s, 3m20s, 2h5m. */
export function formatAge(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 120) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${s % 60 ? `${s % 60}s` : ''}`;
  return `${Math.floor(s / 3600)}h${Math.floor((s % 3600) / 60) ? `${Math.floor((s % 3600) / 60)}m` : ''}`;
}

/** Priorities are often large (1000000000): 1G style keeps chips narrow. */
export function formatPriority(priority: number): string {
  const abs = Math.abs(priority);
  if (abs >= 1e9) return `${+(priority / 1e9).toFixed(1)}G`;
  if (abs >= 1e6) return `${+(priority / 1e6).toFixed(1)}M`;
  if (abs >= 1e4) return `${+(priority / 1e3).toFixed(1)}k`;
  return String(priority);
}

/** "default/web-1" → "web-1" for the default namespace, else unchanged. */
export function shortPodName(pod: string): string {
  return pod.startsWith('default/') ? pod.slice('default/'.length) : pod;
}

/**
 * A pod's name as a chip shows it: without "default/", and with a controller's template hash cut
 * ("payments/payments-9f7c6d8b5-v5nbb" → "payments/payments-…-v5nbb"); the random suffix that
 * tells replicas apart stays. The full name goes in the tooltip.
 */
export function chipPodName(pod: string): string {
  // upstream's name alphabet has no vowels (k8s.io/apimachinery/pkg/util/rand), so words like "exporter" never match
  return shortPodName(pod).replace(/-[bcdfghjklmnpqrstvwxz2-9]{6,10}-([bcdfghjklmnpqrstvwxz2-9]{5})$/, '-…-$1');
}

/**
 * A name split where a middle ellipsis goes: the tail is what tells replicas apart (from the last
 * "-", or the last 6 characters of a name without one, or whose last part is longer), the head is
 * what may give way.
 */
export function nameParts(name: string): [head: string, tail: string] {
  const dash = name.lastIndexOf('-');
  const cut = dash > 0 && name.length - dash <= 10 ? dash : Math.max(0, name.length - 6);
  return [name.slice(0, cut), name.slice(cut)];
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "a", "a and b", "a, b and 3 more" */
export function listNames(names: readonly string[], max = 3): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length <= max) return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
}

/**
 * Node names without the DNS suffix every one of them shares ("ip-10-0-1-21.eu-west-1.compute.internal"
 * → "ip-10-0-1-21"), as long as they stay unique; the full name goes in a tooltip.
 */
export function shortNodeNames(names: readonly string[]): Map<string, string> {
  const out = new Map(names.map((n) => [n, n]));
  if (names.length < 2) return out;
  const labels = names.map((n) => n.split('.'));
  let shared = 0;
  for (;;) {
    const next = labels[0]!.at(-1 - shared);
    if (next === undefined || !labels.every((l) => l.length > shared + 1 && l.at(-1 - shared) === next)) break;
    shared++;
  }
  if (shared === 0) return out;
  const short = labels.map((l) => l.slice(0, l.length - shared).join('.'));
  if (new Set(short).size !== names.length) return out;
  names.forEach((n, i) => out.set(n, short[i]!));
  return out;
}

/**
 * The shortest names that still tell the nodes apart, for narrow columns: shortNodeNames, then
 * without the leading part all of them share, cut at a "-" or "." ("ip-10-0-10-21" → "10-21",
 * "node-7" → "7"). Names that would become empty or alike stay as shortNodeNames has them.
 */
export function abbreviateNodeNames(names: readonly string[]): Map<string, string> {
  const short = shortNodeNames(names);
  if (names.length < 2) return short;
  const list = names.map((n) => short.get(n)!);
  let prefix = list[0]!;
  for (const s of list) while (!s.startsWith(prefix)) prefix = prefix.slice(0, -1);
  const cut = Math.max(prefix.lastIndexOf('-'), prefix.lastIndexOf('.')) + 1;
  if (cut === 0) return short;
  const brief = list.map((s) => s.slice(cut));
  if (brief.some((b) => b === '') || new Set(brief).size !== list.length) return short;
  const out = new Map<string, string>();
  names.forEach((n, i) => out.set(n, brief[i]!));
  return out;
}

/**
 * A plugin's name for a one-row legend: its leading CamelCase words dropped, at word boundaries,
 * until it is `max` characters or fewer ("NodeResourcesBalancedAllocation" → "BalancedAllocation");
 * a name that is one long word stays whole. The full name goes in a tooltip and the accessible name.
 */
export function shortPluginName(name: string, max = 18): string {
  const words = name.match(/[A-Z][a-z0-9]*|[a-z0-9]+|[A-Z]+(?![a-z])/g) ?? [name];
  let start = 0;
  while (start < words.length - 1 && words.slice(start).join('').length > max) start++;
  return words.slice(start).join('');
}

/**
 * A Filter reason on a node card among many (presenter mode, more than four nodes), in two short
 * lines: upstream's "node(s) " subject dropped (the card is the node) and a leading "didn't match" or
 * "didn't satisfy" (the card says "✗ filtered" above its plugin), so the rule it names stays
 * ("pod anti-affinity rules"); then, if still longer than `max` characters, cut after the last
 * whole word that fits, with "…". A word is never cut (a two-line clamp drew anti-affinity-zones'
 * "node(s) didn't mat…" and "match pod anti-…": issue 19); a first word longer than `max` stays
 * whole. The whole reason stays in the card's tooltip and accessible name.
 */
export function briefFilterReason(reason: string, max: number): string {
  return cutAtWord(reason.replace(/^node\(s\) /, '').replace(/^didn't (match|satisfy) (?=\S)/, ''), max);
}

/**
 * `text` in `max` characters or fewer: whole when it fits, else cut after the last whole word that
 * fits (a break after a space, a slash or a comma) with "…"; a first word longer than `max` stays whole.
 */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  // a break after a space, a slash or a comma that leaves room for the ellipsis
  let cut = -1;
  for (let i = 1; i < text.length && i <= max - 1; i++) {
    if (text[i] === ' ' || text[i - 1] === '/' || text[i - 1] === ',') cut = i;
  }
  if (cut < 0) {
    const space = text.indexOf(' ');
    return space < 0 ? text : `${text.slice(0, space)}…`;
  }
  return `${text.slice(0, cut).replace(/[\s,]+$/, '')}…`;
}

// The Kubernetes version a dump shows (issue 17). The API server's own version, from a
// `kubectl version -o yaml` (or -o json) document in the dump (serverVersion.gitVersion), wins;
// else the minor most of the nodes' kubelets run (status.nodeInfo.kubeletVersion), said to be a
// guess: kubelets may lag the control plane by up to three minors (upstream's version skew
// policy), never lead it. A version outside those Podplay simulates is run as the nearest, and
// the import says so.

import { KUBERNETES_VERSIONS, type KubernetesVersion } from '../engine/readers';
import { isObj, kindOf, obj, str, type Obj } from './objects';

export interface DumpVersion {
  /** the version the import runs as */
  version: KubernetesVersion;
  /** the minor the dump showed ("1.34"), before clamping */
  shown: string;
  /** why (SimulationResult.kubernetesVersion.detail when the run is 'dump') */
  detail: string;
  /** true: a Scenario document in the dump set the version, and it was kept */
  fromScenario?: boolean;
}

/** The Scenario annotation that carries the inference to the engine (src/engine/model/decode/timeline.ts). */
export const INFERRED_VERSION_ANNOTATION = 'podplay.dev/inferred-version';

/** "v1.36.2", "v1.36.2-eks-1234", "1.36" → [1, 36]; anything else undefined */
function minorOf(gitVersion: string | undefined): [number, number] | undefined {
  const m = /^v?(\d{1,3})\.(\d{1,3})(?:\.|$|[-+])/.exec(gitVersion ?? '');
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

/** A `kubectl version -o yaml/json` document: no kind, a clientVersion and/or serverVersion. */
export function isVersionDocument(o: Obj): boolean {
  return kindOf(o) === '' && (isObj(o.serverVersion) || isObj(o.clientVersion));
}

function clamp(major: number, minor: number): { version: KubernetesVersion; note: string } {
  const shown = `${major}.${minor}`;
  const known = KUBERNETES_VERSIONS.find((v) => v === shown);
  if (known) return { version: known, note: '' };
  const oldest = KUBERNETES_VERSIONS[0]!;
  const newest = KUBERNETES_VERSIONS[KUBERNETES_VERSIONS.length - 1]!;
  const [, oldestMinor] = minorOf(oldest)!;
  const below = major < 1 || (major === 1 && minor < oldestMinor);
  const nearest = below ? oldest : newest;
  return { version: nearest, note: `; Podplay simulates ${oldest}–${newest}, so it runs as the nearest, v${nearest}` };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The version the objects of a dump show, or undefined when they show none. `objects`: every
 * object read (Lists flattened), the version document included.
 */
export function inferDumpVersion(objects: readonly Obj[]): DumpVersion | undefined {
  for (const o of objects) {
    if (!isVersionDocument(o)) continue;
    const gitVersion = str(obj(o.serverVersion)?.gitVersion);
    const parsed = minorOf(gitVersion);
    if (!parsed) continue;
    const { version, note } = clamp(...parsed);
    return { version, shown: `${parsed[0]}.${parsed[1]}`, detail: `the API server's version in the dump (kubectl version: serverVersion ${gitVersion})${note}` };
  }
  // kubelets: count nodes per minor, and the most common full version of each minor
  const byMinor = new Map<string, { major: number; minor: number; nodes: number; versions: Map<string, number> }>();
  let nodes = 0;
  for (const o of objects) {
    if (kindOf(o) !== 'Node') continue;
    const kubelet = str(obj(obj(o.status)?.nodeInfo)?.kubeletVersion);
    const parsed = minorOf(kubelet);
    if (!parsed || kubelet === undefined) continue;
    nodes++;
    const key = `${parsed[0]}.${parsed[1]}`;
    const entry = byMinor.get(key) ?? { major: parsed[0], minor: parsed[1], nodes: 0, versions: new Map<string, number>() };
    entry.nodes++;
    entry.versions.set(kubelet, (entry.versions.get(kubelet) ?? 0) + 1);
    byMinor.set(key, entry);
  }
  if (nodes === 0) return undefined;
  // the most common minor; on a tie the newer (the control plane is at least as new as its kubelets)
  const ranked = [...byMinor.entries()].sort(([, a], [, b]) => b.nodes - a.nodes || b.major - a.major || b.minor - a.minor);
  const [shown, top] = ranked[0]!;
  const example = [...top.versions.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
  const { version, note } = clamp(top.major, top.minor);
  const others = ranked.slice(1).map(([minor, e]) => `${e.nodes} on ${minor}`).join(', ');
  const which = ranked.length === 1 ? `${plural(nodes, "node's", "nodes'")} kubeletVersion ${example}` : `the most common kubeletVersion minor, ${shown} (${top.nodes} of ${nodes} nodes, e.g. ${example}; ${others})`;
  return { version, shown, detail: `inferred from ${which}${note} (kubelets may lag the API server)` };
}

/** What the import says of the version (its header comment, the import dialog). */
export function dumpVersionLine(v: DumpVersion): string {
  return v.fromScenario
    ? `Kubernetes v${v.version}, as the dump's Scenario says (the dump shows ${v.shown}: ${v.detail})`
    : `Kubernetes v${v.version}: ${v.detail}`;
}

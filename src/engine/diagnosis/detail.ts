// The decisive detail behind a diagnosis: the fact an engineer needs to see the fix, read from the
// cycle's trace and the run's nodes and pods. Structured, for the Pod tab and `--explain` alike:
// the values nodes have for a key the pod selects on, devices free vs needed per node and the
// claim's constraints, the pods holding a conflicting host port and their owner, each spread
// domain's count and why it counts; and (staleMessage) what a dump proves about a stale message.

import type { CycleTrace, KubeJsonObject, NodeOutcome, PodOutcome } from '../api';
import type { Diagnosis } from './diagnose';
import { nodeLabelValues, type LabelValue } from './labelValues';

export interface DecisiveDetail {
  /** NodeAffinity: each key the pod selects on (nodeSelector, required In expressions), the values it wants and those nodes have */
  labelValues: { key: string; wanted: string[]; have: LabelValue[] }[];
  /** DynamicResources: per node and request, devices matching, free and needed */
  devices: { node: string; claim: string; request: string; matching: number; free: number; needed: number }[];
  /** DynamicResources: the constraints of the pod's claims (the usual blocker when enough devices are free) */
  claimConstraints: { claim: string; matchAttribute?: string; distinctAttribute?: string; requests?: string[] }[];
  /** NodePorts: per node, the port and the pods holding it, with their owner */
  hostPorts: { node: string; port: string; pods: { pod: string; owner?: string }[] }[];
  /** PodTopologySpread: each domain's matching pods, its nodes, and why a domain whose nodes the pod cannot use still counts */
  spreadDomains: { topologyKey: string; domain: string; count: number; nodes: number; cordoned: number; why?: string }[];
}

interface SpreadDetail { topologyKey: string; domain: string | null; matchNum: number }
interface RequestOutcome { claim: string; request: string; matching: number; inUse: number; tainted: number; needed: number }

function labelValueDetail(pod: PodOutcome, nodes: readonly NodeOutcome[]): DecisiveDetail['labelValues'] {
  const wanted = new Map<string, string[]>();
  for (const [k, v] of Object.entries(pod.scheduling?.nodeSelector ?? {})) wanted.set(k, [v]);
  const required = (pod.scheduling?.affinity as { nodeAffinity?: { requiredDuringSchedulingIgnoredDuringExecution?: { nodeSelectorTerms?: { matchExpressions?: { key: string; operator: string; values?: string[] }[] }[] } } } | undefined)
    ?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  for (const t of required) for (const e of t.matchExpressions ?? []) if (e.operator === 'In') wanted.set(e.key, [...wanted.get(e.key) ?? [], ...e.values ?? []]);
  return [...wanted].map(([key, values]) => ({ key, wanted: values, have: nodeLabelValues(nodes, key) }));
}

function claimConstraintsOf(pod: PodOutcome, claims: readonly KubeJsonObject[]): DecisiveDetail['claimConstraints'] {
  const names = new Set((pod.resourceClaims ?? []).map((c) => c.claimName).filter((n): n is string => n !== undefined));
  const namespace = pod.pod.slice(0, pod.pod.indexOf('/'));
  const out: DecisiveDetail['claimConstraints'] = [];
  for (const c of claims) {
    const meta = c.metadata as { name?: string; namespace?: string } | undefined;
    if (!meta?.name || !names.has(meta.name) || (meta.namespace ?? 'default') !== namespace) continue;
    const constraints = ((c.spec as { devices?: { constraints?: { matchAttribute?: string; distinctAttribute?: string; requests?: string[] }[] } } | undefined)?.devices?.constraints) ?? [];
    for (const k of constraints) out.push({ claim: `${namespace}/${meta.name}`, ...k });
  }
  return out;
}

/** The detail for `pod`'s diagnosis `d` of `trace`, with the run's nodes and pods (and its ResourceClaims). */
export function decisiveDetail(d: Diagnosis, trace: CycleTrace, pod: PodOutcome, nodes: readonly NodeOutcome[], pods: readonly PodOutcome[], claims: readonly KubeJsonObject[] = []): DecisiveDetail {
  const plugins = new Set(d.groups.map((g) => g.plugin));
  const out: DecisiveDetail = { labelValues: [], devices: [], claimConstraints: [], hostPorts: [], spreadDomains: [] };
  if (plugins.has('NodeAffinity')) out.labelValues = labelValueDetail(pod, nodes);

  for (const [node, verdicts] of Object.entries(trace.filter)) {
    const dra = verdicts.find((v) => v.plugin === 'DynamicResources' && v.code !== 'Success' && v.code !== 'Skip');
    for (const r of (dra?.details?.requests as RequestOutcome[] | undefined) ?? []) {
      out.devices.push({ node, claim: r.claim, request: r.request, matching: r.matching, free: Math.max(0, r.matching - r.inUse - r.tainted), needed: r.needed });
    }
    const ports = verdicts.find((v) => v.plugin === 'NodePorts' && v.code !== 'Success' && v.code !== 'Skip');
    const conflict = ports?.details?.conflictingPort as { hostPort: number; protocol: string } | undefined;
    if (conflict) {
      const port = `${conflict.hostPort}/${conflict.protocol}`;
      const holders = pods.filter((p) => p.node === node && p.pod !== pod.pod && (p.deletedAt === undefined || p.deletedAt > trace.time) && p.scheduling?.hostPorts?.includes(port));
      out.hostPorts.push({ node, port, pods: holders.map((p) => ({ pod: p.pod, ...(p.owner ? { owner: p.owner } : {}) })) });
    }
  }
  // the nodes with devices the request can use; where no node has any, that is the detail (a few rows say it)
  const withDevices = out.devices.filter((r) => r.matching > 0);
  out.devices = withDevices.length > 0 ? withDevices : out.devices.slice(0, 3);
  if (out.devices.length > 0) out.claimConstraints = claimConstraintsOf(pod, claims);

  if (plugins.has('PodTopologySpread')) {
    const byName = new Map(nodes.map((n) => [n.name, n]));
    const domains = new Map<string, DecisiveDetail['spreadDomains'][number]>();
    const policy = new Map(((pod.scheduling?.topologySpreadConstraints ?? []) as { topologyKey?: string; nodeTaintsPolicy?: string }[]).map((c) => [c.topologyKey, c.nodeTaintsPolicy ?? 'Ignore']));
    for (const [node, verdicts] of Object.entries(trace.filter)) {
      const spread = verdicts.find((v) => v.plugin === 'PodTopologySpread');
      for (const c of (spread?.details?.constraints as SpreadDetail[] | undefined) ?? []) {
        if (c.domain === null) continue;
        const key = `${c.topologyKey}\u0000${c.domain}`;
        const entry = domains.get(key) ?? { topologyKey: c.topologyKey, domain: c.domain, count: c.matchNum, nodes: 0, cordoned: 0 };
        entry.nodes++;
        if (byName.get(node)?.unschedulable) entry.cordoned++;
        domains.set(key, entry);
      }
    }
    for (const e of domains.values()) {
      if (e.cordoned === e.nodes && policy.get(e.topologyKey) !== 'Honor') e.why = `its ${e.nodes} node(s) are cordoned, but it counts: nodeTaintsPolicy is Ignore`;
    }
    out.spreadDomains = [...domains.values()].sort((a, b) => a.topologyKey.localeCompare(b.topologyKey) || a.domain.localeCompare(b.domain));
  }
  return out;
}

export interface StaleMessage {
  messageNodes: number;
  dumpNodes: number;
  /**
   * When the message counts fewer nodes than the dump has: that many of the dump's youngest nodes
   * (by metadata.creationTimestamp) and their age when the dump was taken (seconds before t=0);
   * absent when the dump does not date its nodes
   */
  joined?: { node: string; age: number }[];
}

/**
 * What a dump proves about its recorded FailedScheduling message: it counted another number of
 * nodes than the dump has (a node joined or left since), and which nodes are young enough to be
 * the ones it did not count. Undefined when the counts agree.
 */
export function staleMessage(pod: PodOutcome, atEnd: readonly NodeOutcome[]): StaleMessage | undefined {
  // the dump's nodes: not those a timeline step or the autoscaler added during the run
  const nodes = atEnd.filter((n) => n.createdAt === undefined && n.provisionedBy === undefined);
  const recorded = pod.recorded?.scheduled?.message?.match(/^0\/(\d+) nodes are available/);
  if (!recorded || Number(recorded[1]) === nodes.length) return undefined;
  const out: StaleMessage = { messageNodes: Number(recorded[1]), dumpNodes: nodes.length };
  const newer = nodes.length - out.messageNodes;
  const dated = nodes.filter((n) => n.creationTimestamp !== undefined);
  if (newer > 0 && dated.length === nodes.length) {
    out.joined = [...dated].sort((a, b) => b.creationTimestamp! - a.creationTimestamp! || a.name.localeCompare(b.name)).slice(0, newer)
      .map((n) => ({ node: n.name, age: Math.max(0, -n.creationTimestamp!) }));
  }
  return out;
}

/** An age in the unit a person reads it in: "95 s", "3 min", "5 h", "12 d". */
export function ageText(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 120) return `${s} s`;
  if (s < 120 * 60) return `${Math.round(s / 60)} min`;
  if (s < 48 * 3600) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86400)} d`;
}

/** The sentence the Pod tab and `--explain` show for a stale message (one wording for both). */
export function staleMessageText(stale: StaleMessage): string {
  const head = `The cluster's message is stale: it counts ${stale.messageNodes} nodes, the dump has ${stale.dumpNodes}`;
  if (stale.joined?.length) {
    const n = stale.joined.length;
    return `${head} — ${n} joined after it: ${stale.joined.map((j) => `${j.node} ${ageText(j.age)} before the dump`).join(', ')}.`;
  }
  if (stale.messageNodes > stale.dumpNodes) return `${head} — ${stale.messageNodes - stale.dumpNodes} left the cluster after it.`;
  return `${head} — the cluster changed after the scheduler last tried this pod.`;
}

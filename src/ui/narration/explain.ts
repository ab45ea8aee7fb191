// Turns a plugin's structured verdict (upstream reason strings plus the numbers in `details`) into
// words. Plugins never write prose; this is the one place that does. Unknown details fall back to
// the reasons alone, so a plugin that adds numbers later only makes the sentence longer.

import type { PluginResult } from '../../engine/api';
import type { InsufficientResource, ConstraintVerdict, RequestOutcome } from '../../engine/readers';
import { formatQuantity, listNames, plural, shortPodName } from '../format';

type Details = Record<string, unknown>;

const isRecord = (v: unknown): v is Details => typeof v === 'object' && v !== null && !Array.isArray(v);
const records = (v: unknown): Details[] => (Array.isArray(v) ? v.filter(isRecord) : []);

function explainInsufficient(r: InsufficientResource): string {
  if (r.resourceName === 'pods') return `${r.reason}: already runs ${r.used} of ${r.capacity} pods`;
  const free = r.capacity - r.used;
  const alone = r.unresolvable ? ` (more than the node's ${formatQuantity(r.resourceName, r.capacity)} allocatable)` : '';
  return `${r.reason} — requests ${formatQuantity(r.resourceName, r.requested)}, free ${formatQuantity(r.resourceName, free)}${alone}`;
}

function explainSpreadVerdict(v: ConstraintVerdict): string {
  if (v.result === 'MissingLabel') return `the node has no "${v.topologyKey}" label`;
  return `${v.topologyKey}=${v.domain} has ${plural(v.matchNum, 'matching pod')}; placing it there makes the skew `
    + `${v.matchNum} + ${v.selfMatch} − ${v.minMatch} (global minimum) = ${v.skew} > maxSkew ${v.maxSkew}`;
}

type Explainer = (details: Details, reasons: string) => string | undefined;

const EXPLAINERS: Record<string, Explainer> = {
  NodeResourcesFit(details) {
    const insufficient = records(details.insufficientResources) as unknown as InsufficientResource[];
    return insufficient.length > 0 ? insufficient.map(explainInsufficient).join('; ') : undefined;
  },
  PodTopologySpread(details, reasons) {
    const failed = (records(details.constraints) as unknown as ConstraintVerdict[]).find((v) => v.result !== 'Pass');
    return failed === undefined ? undefined : `${reasons} — ${explainSpreadVerdict(failed)}`;
  },
  InterPodAffinity(details, reasons) {
    const where = (t: Details) => `${String(t.topologyKey)}=${String(t.topologyValue)}`;
    const pods = (t: Details) => listNames((Array.isArray(t.pods) ? t.pods.map(String) : []).map(shortPodName));
    if (details.rule === 'podAntiAffinity') {
      const term = records(details.terms)[0];
      return term && `${reasons} — ${where(term)} already runs ${pods(term)}`;
    }
    if (details.rule === 'existingPodsAntiAffinity') {
      const domain = records(details.domains)[0];
      return domain && `${reasons} — ${pods(domain)} in ${where(domain)} keep${records(details.domains).length > 1 ? '' : 's'} it away`;
    }
    if (details.rule === 'podAffinity') {
      if (details.missingTopologyKey === true) return `${reasons} — the node lacks a topology key of the pod's affinity`;
      const empty = records(details.terms).find((t) => t.count === 0);
      return empty && `${reasons} — no matching pod in ${where(empty)}`;
    }
    return undefined;
  },
  NodePorts(details, reasons) {
    const port = isRecord(details.conflictingPort) ? details.conflictingPort : undefined;
    return port && `${reasons} — host port ${String(port.protocol)}/${String(port.hostPort)} on ${String(port.hostIP)} is taken`;
  },
  NodeDeclaredFeatures(details, reasons) {
    const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
    const declared = list(details.declared);
    return `${reasons} — the pod needs ${listNames(list(details.required))}; the node declares ${declared.length > 0 ? listNames(declared) : 'none'}`;
  },
  DynamicResources(details, reasons) {
    const requests = records(details.requests) as unknown as RequestOutcome[];
    if (requests.length === 0) return undefined;
    const parts = requests.map((r) => {
      if (r.devices.length > 0) return `${r.request} → ${r.devices.map((id) => id.split('/').pop()).join(', ')}`;
      // traces recorded before partitionable devices and consumable capacity lack the two counts
      const counters = r.countersExhausted ?? 0;
      const capacity = r.capacityExhausted ?? 0;
      const free = r.matching - r.inUse - r.tainted - counters - capacity;
      const words = [`${r.request}: needs ${plural(r.needed, 'device')}, ${r.matching} matching here`];
      if (r.inUse > 0) words.push(`${r.inUse} already allocated`);
      if (r.tainted > 0) words.push(`${r.tainted} tainted`);
      if (counters > 0) words.push(`${counters} blocked: their pool's shared counters are used up`);
      if (capacity > 0) words.push(`${capacity} without room for the requested capacity`);
      if (r.matching > 0 && free >= r.needed) words.push('no combination keeps the claim\'s constraints');
      return words.join(', ');
    });
    return `${reasons} — ${parts.join('; ')}`;
  },
  NodeName(details, reasons) {
    return typeof details.requestedNodeName === 'string' ? `${reasons} — the pod asks for node ${details.requestedNodeName}` : undefined;
  },
};

/** One verdict in words: the upstream reasons, and the numbers behind them when the plugin gave any. */
export function explainVerdict(result: PluginResult): string {
  const reasons = result.reasons?.join(', ') || result.code;
  const explain = EXPLAINERS[result.plugin];
  if (explain === undefined || result.details === undefined) return reasons;
  return explain(result.details, reasons) ?? reasons;
}

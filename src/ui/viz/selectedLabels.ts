// The node labels the pod being scheduled selects on, drawn on every node card: its nodeSelector's
// keys and its node affinity's matchExpressions (required terms and preferred ones). Without them a
// lesson's question ("nodeSelector disktype=ssd: which nodes pass Filter?") could be answered only
// from the YAML, which a projector and a phone do not show (issue 19, the phone walk). Read off the
// pod's spec as written (PodOutcome.scheduling); NodeAffinity decides, this only shows the labels.
// upstream: nodeaffinity/node_affinity.go reads the same fields (matchFields name no label).

import type { NodeOutcome, PodOutcome } from '../../engine/api';

/** A label key the node carries or not, as the card draws it: "disktype=ssd", or "no disktype". */
export interface SelectedLabel {
  key: string;
  value?: string;
}

interface Term { matchExpressions?: { key?: unknown }[] }

function expressionKeys(term: Term | undefined): string[] {
  return (term?.matchExpressions ?? []).flatMap((e) => (typeof e.key === 'string' ? [e.key] : []));
}

/** The label keys `pod` selects nodes on, in the order it writes them, each once. */
export function selectedLabelKeys(pod: PodOutcome | undefined): string[] {
  const spec = pod?.scheduling;
  if (spec === undefined) return [];
  const nodeAffinity = (spec.affinity?.['nodeAffinity'] ?? {}) as {
    requiredDuringSchedulingIgnoredDuringExecution?: { nodeSelectorTerms?: Term[] };
    preferredDuringSchedulingIgnoredDuringExecution?: { preference?: Term }[];
  };
  const keys = [
    ...Object.keys(spec.nodeSelector ?? {}),
    ...(nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? []).flatMap(expressionKeys),
    ...(nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution ?? []).flatMap((p) => expressionKeys(p.preference)),
  ];
  return [...new Set(keys)];
}

/**
 * The labels a card draws for those keys. Left out: the key the lanes are grouped by (each lane
 * is titled with its value) and the hostname label (the card is titled with the node's name).
 */
export function selectedLabels(node: NodeOutcome, keys: readonly string[], laneKey: string | undefined): SelectedLabel[] {
  return keys.filter((k) => k !== laneKey && k !== 'kubernetes.io/hostname').map((key) => {
    const value = node.labels[key];
    return value === undefined ? { key } : { key, value };
  });
}

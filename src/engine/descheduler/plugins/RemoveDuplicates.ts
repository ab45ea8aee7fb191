// RemoveDuplicates (Balance): pods of the same owner with the same images on one node are
// duplicates; evict down to an even share over the nodes those pods could run on.
// upstream: sigs.k8s.io/descheduler pkg/framework/plugins/removeduplicates/{types,validation,
// removeduplicates}.go.

import type { Node, NodeSelector, Toleration } from '../../model/types';
import { argsObject, decodeNamespaces, defined, namespacesError } from '../args';
import type { Reader } from '../decode';
import type { BalancePlugin, Handle, PluginDescriptor } from '../framework';
import { podMatchNodeSelector, toleratesTaints } from '../nodeutil';
import { buildPodFilter, ownerRefs, podNamespace, wrapFilters } from '../podutil';
import type { DeschedulerPod, Namespaces } from '../types';
import { doNotScheduleTaintsFilter } from '../../model/taints';

export const Name = 'RemoveDuplicates';

export interface RemoveDuplicatesArgs {
  namespaces?: Namespaces;
  excludeOwnerKinds?: string[];
}

function decodeArgs(r: Reader, raw: unknown): RemoveDuplicatesArgs {
  const obj = argsObject(r, raw, 'RemoveDuplicatesArgs', ['namespaces', 'excludeOwnerKinds']);
  const args: RemoveDuplicatesArgs = {};
  const namespaces = decodeNamespaces(r, obj['namespaces'], ['namespaces']);
  if (namespaces) args.namespaces = namespaces;
  const kinds = r.strList(obj['excludeOwnerKinds'], ['excludeOwnerKinds']);
  if (kinds) args.excludeOwnerKinds = kinds;
  return args;
}

interface OwnerKey {
  namespace: string;
  kind: string;
  name: string;
  imagesHash: string;
}

const ownerKeyString = (k: OwnerKey): string => `${k.namespace}/${k.kind}/${k.name}/${k.imagesHash}`;

/** Order-insensitive equality of tolerations (upstream: utils.TolerationsEqual, by key/value/effect/operator). */
function tolerationsEqual(a: readonly Toleration[] | undefined, b: readonly Toleration[] | undefined): boolean {
  const canon = (ts: readonly Toleration[] | undefined): string[] => [...new Set((ts ?? []).map((t) =>
    JSON.stringify([t.key ?? '', t.value ?? '', t.effect ?? '', t.operator ?? '', t.tolerationSeconds ?? null])))].sort();
  return JSON.stringify(canon(a)) === JSON.stringify(canon(b));
}

/** upstream: utils.NodeSelectorsEqual — terms and requirements compared after a unique sort. */
function nodeSelectorsEqual(a: NodeSelector | undefined, b: NodeSelector | undefined): boolean {
  const canon = (s: NodeSelector | undefined): string | undefined => {
    if (!s) return undefined;
    const reqs = (rs: { key: string; operator: string; values?: string[] }[] | undefined): string[] | undefined =>
      rs === undefined ? undefined : [...new Set(rs.map((r) => JSON.stringify([r.key, r.operator, [...new Set(r.values ?? [])].sort()])))].sort();
    const terms = s.nodeSelectorTerms.map((t) => JSON.stringify([reqs(t.matchExpressions), reqs(t.matchFields)]));
    return JSON.stringify(terms.filter((t, i) => i === 0 || t !== terms[i - 1]));
  };
  return canon(a) === canon(b);
}

const requiredNodeSelector = (pod: DeschedulerPod): NodeSelector | undefined =>
  pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;

const sameMap = (a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean => {
  const ka = Object.keys(a ?? {}).sort();
  const kb = Object.keys(b ?? {}).sort();
  return (a === undefined) === (b === undefined) && JSON.stringify(ka) === JSON.stringify(kb) && ka.every((k) => a![k] === b![k]);
};

/**
 * upstream: getTargetNodes — the nodes a duplicate could land on: for each distinct set of
 * (tolerations, required node affinity, nodeSelector), the nodes it tolerates and matches,
 * when there are at least two of them.
 */
function getTargetNodes(podNodes: Map<string, DeschedulerPod[]>, nodes: readonly Node[]): Node[] {
  const distinct: DeschedulerPod[] = [];
  for (const pods of podNodes.values()) {
    for (const pod of pods) {
      const duplicated = distinct.some((dp) => tolerationsEqual(pod.spec.tolerations, dp.spec.tolerations)
        && nodeSelectorsEqual(requiredNodeSelector(pod), requiredNodeSelector(dp))
        && sameMap(pod.spec.nodeSelector, dp.spec.nodeSelector));
      if (!duplicated) distinct.push(pod);
    }
  }
  const target = new Set<string>();
  for (const pod of distinct) {
    const matching = nodes.filter((n) => toleratesTaints(pod, n, doNotScheduleTaintsFilter) && podMatchNodeSelector(pod, n));
    if (matching.length > 1) for (const n of matching) target.add(n.metadata.name);
  }
  return nodes.filter((n) => target.has(n.metadata.name));
}

function build(args: RemoveDuplicatesArgs, handle: Handle): BalancePlugin {
  const { cluster, evictor } = handle;
  // Filter and PreEvictionFilter together: for this strategy it does not matter where the latter runs.
  const podFilter = buildPodFilter({ filter: wrapFilters(evictor.filter, evictor.preEvictionFilter), namespaces: args.namespaces });
  const excluded = new Set(args.excludeOwnerKinds ?? []);

  return {
    name: Name,
    balance(nodes) {
      const duplicatePods = new Map<string, { key: OwnerKey; byNode: Map<string, DeschedulerPod[]> }>();
      const occurrences = new Map<string, number>();
      for (const node of nodes) {
        const pods = cluster.listPodsOnANode(node.metadata.name, podFilter);
        // A pod's sorted Namespace/Kind/Name/Image keys identify it; equal lists are duplicates.
        const seen = new Map<string, string[][]>();
        for (const pod of pods) {
          const refs = ownerRefs(pod);
          if (refs.length === 0 || refs.some((r) => excluded.has(r.kind))) continue;
          const images = pod.spec.containers.map((c) => c.image ?? '').sort();
          const imagesHash = images.join('#');
          const keys: string[] = [];
          for (const ref of refs) {
            const ownerKey = ownerKeyString({ namespace: podNamespace(pod), kind: ref.kind, name: ref.name, imagesHash });
            occurrences.set(ownerKey, (occurrences.get(ownerKey) ?? 0) + 1);
            for (const image of images) keys.push([podNamespace(pod), ref.kind, ref.name, image].join('/'));
          }
          keys.sort();
          const first = keys[0] ?? '';
          const existing = seen.get(first);
          if (existing?.some((k) => JSON.stringify(k) === JSON.stringify(keys))) {
            handle.log(`Duplicate found: ${podNamespace(pod)}/${pod.metadata.name}`);
            for (const ref of refs) {
              const key = { namespace: podNamespace(pod), kind: ref.kind, name: ref.name, imagesHash };
              let entry = duplicatePods.get(ownerKeyString(key));
              if (!entry) duplicatePods.set(ownerKeyString(key), (entry = { key, byNode: new Map() }));
              let list = entry.byNode.get(node.metadata.name);
              if (!list) entry.byNode.set(node.metadata.name, (list = []));
              list.push(pod);
            }
          } else if (existing) {
            existing.push(keys);
          } else {
            seen.set(first, [keys]);
          }
        }
      }

      // How many pods can go while keeping an even spread over the nodes they could run on?
      for (const [ownerKey, { key, byNode }] of duplicatePods) {
        const targetNodes = getTargetNodes(byNode, nodes);
        if (targetNodes.length < 2) {
          handle.log(`Less than two feasible nodes for duplicates to land, skipping eviction: ${ownerKey}`);
          continue;
        }
        const upperAvg = Math.ceil((occurrences.get(ownerKey) ?? 0) / targetNodes.length);
        for (const [nodeName, pods] of byNode) {
          // the list of duplicates does not hold the first (referential) pod
          if (pods.length + 1 <= upperAvg) continue;
          for (const pod of pods.slice(upperAvg - 1)) {
            const reason = `duplicate of ${key.kind}/${key.name} on node ${nodeName}: ${pods.length + 1} pods, at most ${upperAvg} per node over ${targetNodes.length} feasible nodes`;
            const err = evictor.evict(pod, reason);
            if (err?.kind === 'nodeLimit') break;
            if (err?.kind === 'totalLimit') return undefined;
          }
        }
      }
      return undefined;
    },
  };
}

export const RemoveDuplicates: PluginDescriptor<RemoveDuplicatesArgs, 'balance'> = {
  name: Name,
  kind: 'balance',
  decodeArgs,
  validate: (args) => defined([namespacesError(args.namespaces)]),
  build,
};

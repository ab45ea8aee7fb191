// The pod evictor: the policy's eviction limits, then the eviction API; successful evictions are
// counted per node, per namespace and in total for the run (counters reset every loop).
// upstream: sigs.k8s.io/descheduler pkg/descheduler/evictions/evictions.go (EvictPod, evictPod),
// pkg/descheduler/evictions/errors.go. EvictionsInBackground (alpha, off) is not modelled.

import type { Cluster } from './cluster';
import { podKeyOf, podNamespace } from './podutil';
import type { DeschedulerEviction, DeschedulerLogEntry, DeschedulerPod, DeschedulerPolicy } from './types';
import { quote } from '../model/quote';

export type EvictErrorKind = 'nodeLimit' | 'namespaceLimit' | 'totalLimit' | 'api';

export interface EvictError {
  kind: EvictErrorKind;
  message: string;
}

/** upstream: EvictionNodeLimitError and friends, by their messages */
export const NODE_LIMIT_MESSAGE = 'maximum number of evicted pods per node reached';
export const NAMESPACE_LIMIT_MESSAGE = 'maximum number of evicted pods per namespace reached';
export const TOTAL_LIMIT_MESSAGE = 'maximum number of evicted pods per a descheduling cycle reached';

export interface EvictOptions {
  profile: string;
  strategy: string;
  /** why, for the log and the eviction record */
  reason: string;
}

export class PodEvictor {
  readonly evictions: DeschedulerEviction[] = [];
  private readonly nodePodCount = new Map<string, number>();
  private readonly namespacePodCount = new Map<string, number>();
  private totalPodCount = 0;

  constructor(
    private readonly cluster: Cluster,
    private readonly limits: Pick<DeschedulerPolicy, 'maxNoOfPodsToEvictPerNode' | 'maxNoOfPodsToEvictPerNamespace' | 'maxNoOfPodsToEvictTotal'>,
    private readonly log: (entry: DeschedulerLogEntry) => void,
  ) {}

  get totalEvicted(): number {
    return this.totalPodCount;
  }

  nodeEvicted(nodeName: string): number {
    return this.nodePodCount.get(nodeName) ?? 0;
  }

  /** upstream: PodEvictor.EvictPod — undefined when the pod was evicted. */
  evictPod(pod: DeschedulerPod, opts: EvictOptions): EvictError | undefined {
    const nodeName = pod.spec.nodeName ?? '';
    const namespace = podNamespace(pod);
    const fail = (kind: EvictErrorKind, message: string): EvictError => {
      this.log({ plugin: opts.strategy, message: `Error evicting pod ${podKeyOf(pod)}: ${message}` });
      return { kind, message };
    };
    const { maxNoOfPodsToEvictTotal: total, maxNoOfPodsToEvictPerNode: perNode, maxNoOfPodsToEvictPerNamespace: perNamespace } = this.limits;
    if (total !== undefined && this.totalPodCount + 1 > total) return fail('totalLimit', TOTAL_LIMIT_MESSAGE);
    if (nodeName !== '' && perNode !== undefined && this.nodeEvicted(nodeName) + 1 > perNode) return fail('nodeLimit', NODE_LIMIT_MESSAGE);
    if (perNamespace !== undefined && (this.namespacePodCount.get(namespace) ?? 0) + 1 > perNamespace) {
      return fail('namespaceLimit', NAMESPACE_LIMIT_MESSAGE);
    }

    const response = this.cluster.view.evict ? this.cluster.view.evict(pod) : { ok: true as const };
    if (!response.ok) return fail('api', `error when evicting pod (ignoring) ${quote(pod.metadata.name)}: ${response.message}`);

    if (nodeName !== '') this.nodePodCount.set(nodeName, this.nodeEvicted(nodeName) + 1);
    this.namespacePodCount.set(namespace, (this.namespacePodCount.get(namespace) ?? 0) + 1);
    this.totalPodCount++;
    this.cluster.markTerminating(pod);
    this.evictions.push({ pod: podKeyOf(pod), node: nodeName, plugin: opts.strategy, profile: opts.profile, reason: opts.reason });
    this.log({ plugin: opts.strategy, message: `Evicted pod ${podKeyOf(pod)} from node ${nodeName}: ${opts.reason}` });
    return undefined;
  }
}

// "Add a node like X": a fresh machine of X's pool, not a copy of X's history. What a new node of
// the pool has is what its pool's machine template gives it — labels, pool taints, allocatable,
// the devices its drivers publish; everything X's kubelet, controllers and operators wrote about
// X itself stays with X. cluster-autoscaler builds its template node from a real node the same way
// (kubernetes/autoscaler cluster-autoscaler/core/utils, sanitizeTemplateNode: a new name and
// hostname label, taints.SanitizeTaints drops its own and the node controllers' state taints).
// One list for the engine's copy (./edits.ts) and the YAML the fix writes (../../interop/fixText.ts).

/** Fields of a Node that belong to the one machine, by path; a clone has none of them. */
export const NODE_FIELDS_NOT_CLONED: readonly (readonly string[])[] = [
  // the API server's identity and bookkeeping of the object
  ['metadata', 'uid'], ['metadata', 'resourceVersion'], ['metadata', 'creationTimestamp'], ['metadata', 'generation'],
  ['metadata', 'managedFields'], ['metadata', 'selfLink'], ['metadata', 'ownerReferences'], ['metadata', 'finalizers'],
  ['metadata', 'deletionTimestamp'], ['metadata', 'deletionGracePeriodSeconds'],
  // what the kubelet, CSI drivers, the CNI and people wrote about this machine: its CSI node ids,
  // attach/detach ownership, a cordon's reason ("do not uncordon: INC-123"), a ticket
  ['metadata', 'annotations'],
  // the cloud's instance, the pod network's ranges, and a cordon
  ['spec', 'providerID'], ['spec', 'externalID'], ['spec', 'podCIDR'], ['spec', 'podCIDRs'], ['spec', 'configSource'], ['spec', 'unschedulable'],
  // the kubelet's reports: heartbeats and condition timestamps, addresses, images, attached volumes
  ['status', 'conditions'], ['status', 'addresses'], ['status', 'images'], ['status', 'nodeInfo'], ['status', 'volumesAttached'],
  ['status', 'volumesInUse'], ['status', 'daemonEndpoints'], ['status', 'config'], ['status', 'phase'],
];

/** Taint keys set about the machine's state, not its pool: a clone starts without them. */
const STATE_TAINT_KEYS = new Set(['ToBeDeletedByClusterAutoscaler', 'DeletionCandidateOfClusterAutoscaler']);

/**
 * Is this taint about one machine's state rather than its pool? The node lifecycle controller's
 * condition taints and the cordon (node.kubernetes.io/not-ready, unreachable, unschedulable,
 * memory-pressure, out-of-service …), the cloud node controller's (node.cloudprovider.kubernetes.io/
 * uninitialized, shutdown) and cluster-autoscaler's scale-down marks. A pool's own taint
 * (nvidia.com/gpu, dedicated=…) stays.
 */
export function isNodeStateTaint(key: string): boolean {
  return key.startsWith('node.kubernetes.io/') || key.startsWith('node.cloudprovider.kubernetes.io/') || STATE_TAINT_KEYS.has(key);
}

/** Labels that name the one machine (its IP or instance id), which a clone must not carry. */
const MACHINE_LABEL = /(^|[/.-])(instance-id|instanceid|internal-ip|external-ip|ip-address|machine-id)$/i;

export const isMachineLabel = (key: string): boolean => MACHINE_LABEL.test(key);

/** Deletes `path` in a plain object when each step is an object (the engine's copy of a node). */
function deletePath(o: unknown, path: readonly string[]): void {
  let at = o;
  for (const k of path.slice(0, -1)) at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[k] : undefined;
  if (typeof at === 'object' && at !== null) delete (at as Record<string, unknown>)[path.at(-1)!];
}

/**
 * A new node of `like`'s pool named `name` (the engine's objects): its labels (the hostname label
 * renamed, none naming the machine), its pool's taints and its capacity; none of ./NODE_FIELDS_NOT_CLONED.
 */
export function freshNodeLike<N extends { metadata: { name: string; labels?: Record<string, string> }; spec?: { taints?: { key: string }[] } }>(like: N, name: string): N {
  const copy = structuredClone(like);
  for (const path of NODE_FIELDS_NOT_CLONED) deletePath(copy, path);
  const labels = Object.fromEntries(Object.entries(copy.metadata.labels ?? {}).filter(([k]) => !isMachineLabel(k)).map(([k, v]) => [k, k === 'kubernetes.io/hostname' ? name : v]));
  copy.metadata = { ...copy.metadata, name, labels };
  const taints = copy.spec?.taints?.filter((t) => !isNodeStateTaint(t.key));
  copy.spec = { ...copy.spec, ...(taints ? { taints } : {}) };
  return copy;
}

// The `kubectl get` command the import dialog suggests: every kind a dump can bring that the
// importer keeps (./objects.ts SIMULATED_KINDS), by the short or plural resource name kubectl
// takes. Workloads are included: the importer keeps a workload beside its pods only where it
// would create pods the dump lacks (./ownership.ts), so nothing is expanded twice.

/** kind → the resource name for `kubectl get` */
export const KUBECTL_RESOURCES: Readonly<Record<string, string>> = {
  Node: 'nodes',
  Pod: 'pods',
  Namespace: 'namespaces',
  Service: 'services',
  ReplicationController: 'replicationcontrollers',
  PriorityClass: 'priorityclasses',
  RuntimeClass: 'runtimeclasses',
  PodDisruptionBudget: 'pdb',
  Deployment: 'deployments',
  ReplicaSet: 'replicasets',
  StatefulSet: 'statefulsets',
  DaemonSet: 'daemonsets',
  Job: 'jobs',
  PersistentVolume: 'pv',
  PersistentVolumeClaim: 'pvc',
  StorageClass: 'storageclasses',
  CSINode: 'csinodes',
  CSIDriver: 'csidrivers',
  CSIStorageCapacity: 'csistoragecapacities',
  LimitRange: 'limitranges',
  ResourceQuota: 'resourcequotas',
  DeviceClass: 'deviceclasses',
  ResourceSlice: 'resourceslices',
  ResourceClaim: 'resourceclaims',
  ResourceClaimTemplate: 'resourceclaimtemplates',
};

/**
 * Kinds the importer keeps that the command leaves out, and why: `kubectl get` fails as a whole
 * when one resource type is unknown to the server, so alpha APIs most clusters do not serve stay
 * out (a user who has them adds them by hand).
 */
export const KUBECTL_LEFT_OUT: Readonly<Record<string, string>> = {
  Workload: 'scheduling.k8s.io v1alpha1 (1.35), v1alpha2 (1.36), v1beta1 or v1alpha3 (1.37): alpha or beta, served only when turned on (GenericWorkload)',
  PodGroup: 'scheduling.k8s.io v1alpha2 (1.36), v1beta1 or v1alpha3 (1.37): alpha or beta, served only when turned on (GenericWorkload)',
  // src/engine/model/resource.ts DEVICE_TAINT_RULE_SERVED_SINCE: v1alpha3 at every version, v1beta2 from 1.36, v1 from 1.37
  DeviceTaintRule: 'resource.k8s.io/v1alpha3 (alpha) and, from 1.36, v1beta2 (beta) are served only when turned on (--runtime-config, DRADeviceTaintRules); resource.k8s.io/v1 is served by default from 1.37: add devicetaintrules to the command for a 1.37 cluster',
  KubeSchedulerConfiguration: 'not an API object: a file given to kube-scheduler',
  Scenario: "Podplay's own document",
  ClusterAutoscaler: "Podplay's own document: the node groups, written beside the dump (docs/autoscaler.md)",
  AdmissionConfiguration: 'not an API object: a file given to kube-apiserver (--admission-control-config-file)',
};

/** the resource.k8s.io kinds: served as v1 from Kubernetes 1.34 */
const DRA_KINDS = new Set(['DeviceClass', 'ResourceSlice', 'ResourceClaim', 'ResourceClaimTemplate']);

export function kubectlDumpCommand(options: { dra?: boolean } = {}): string {
  const resources = Object.entries(KUBECTL_RESOURCES)
    .filter(([kind]) => options.dra !== false || !DRA_KINDS.has(kind))
    .map(([, resource]) => resource);
  return `kubectl get ${resources.join(',')} -A -o yaml`;
}

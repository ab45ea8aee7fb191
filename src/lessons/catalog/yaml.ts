// Small writers for the documents lessons repeat, so every lesson's nodes read the same way.

/** YAML 1.2 would read these as numbers or booleans: quote them to keep label values strings. */
function scalar(value: string): string {
  return /^([-+]?[0-9.]+|true|false|null|~)$/i.test(value) ? JSON.stringify(value) : value;
}

function flowMap(entries: Record<string, string>): string {
  return `{${Object.entries(entries).map(([k, v]) => `${k}: ${scalar(v)}`).join(', ')}}`;
}

export interface NodeSpec {
  /** labels besides kubernetes.io/hostname, which every node gets */
  labels?: Record<string, string>;
  cpu?: string;
  memory?: string;
  /** more allocatable resources, e.g. extended resources */
  resources?: Record<string, string>;
  /** "key=value:Effect" or "key:Effect" */
  taints?: string[];
  /** cordoned */
  unschedulable?: boolean;
}

function taintYaml(taint: string): string {
  const m = /^([^=:]+)(?:=([^:]*))?:(\w+)$/.exec(taint);
  if (!m) throw new Error(`not a taint: ${taint}`);
  const [, key, value, effect] = m;
  return `  - ${flowMap({ key: key!, ...(value ? { value } : {}), effect: effect! })}\n`;
}

/** A v1 Node document with allocatable cpu, memory and 110 pods (4 CPUs and 8Gi unless given). */
export function nodeYaml(name: string, spec: NodeSpec = {}): string {
  const specLines = [
    ...(spec.unschedulable ? ['  unschedulable: true\n'] : []),
    ...(spec.taints?.length ? ['  taints:\n', ...spec.taints.map(taintYaml)] : []),
  ];
  const allocatable = { cpu: spec.cpu ?? '4', memory: spec.memory ?? '8Gi', pods: '110', ...spec.resources };
  return `apiVersion: v1
kind: Node
metadata:
  name: ${name}
  labels: ${flowMap({ 'kubernetes.io/hostname': name, ...spec.labels })}
${specLines.length ? `spec:\n${specLines.join('')}` : ''}status:
  allocatable: ${flowMap(allocatable)}
`;
}

/** A timeline step (under `spec.timeline:`) that adds a 4-CPU, 8Gi node at `at` seconds. */
export function nodeJoinsYaml(at: number, name: string, labels: Record<string, string> = {}): string {
  return `  - at: ${at}
    action: apply
    object:
      apiVersion: v1
      kind: Node
      metadata:
        name: ${name}
        labels: ${flowMap({ 'kubernetes.io/hostname': name, ...labels })}
      status:
        allocatable: {cpu: "4", memory: 8Gi, pods: "110"}
`;
}

/** A KubeSchedulerConfiguration profile whose NodeResourcesFit scores MostAllocated (cpu and memory, weight 1). */
export function mostAllocatedProfileYaml(schedulerName: string): string {
  return `- schedulerName: ${schedulerName}
  pluginConfig:
  - name: NodeResourcesFit
    args:
      scoringStrategy:
        type: MostAllocated
        resources:
        - {name: cpu, weight: 1}
        - {name: memory, weight: 1}
`;
}

/**
 * The Scenario document that pins a lesson's Kubernetes version (and carries its timeline: the
 * steps' YAML, each starting "  - at: …").
 */
export function scenarioYaml(name: string, version: '1.35' | '1.36' | '1.37', timeline = ''): string {
  return `apiVersion: podplay/v1alpha1
kind: Scenario
metadata: {name: ${name}}
spec:
  kubernetesVersion: "${version}"
${timeline ? `  timeline:\n${timeline}` : ''}`;
}

/** A CSINode: the node's CSI driver, its topology keys and how many of its volumes the node can attach. */
export function csiNodeYaml(node: string, driver: string, topologyKeys: string[], count?: number): string {
  return `apiVersion: storage.k8s.io/v1
kind: CSINode
metadata: {name: ${node}}
spec:
  drivers: [{name: ${driver}, nodeID: ${node}, topologyKeys: [${topologyKeys.join(', ')}]${count !== undefined ? `, allocatable: {count: ${count}}` : ''}}]
`;
}

/**
 * A ReplicaSet whose pods are labelled app=<name>: `container` is the one container as a flow map,
 * `specLines` more lines of the pod template's spec (indented by six spaces).
 */
export function replicaSetYaml(name: string, replicas: number, container: string, specLines = ''): string {
  return `apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: ${name}, namespace: default}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}}
    spec:
${specLines}      containers:
      - ${container}
`;
}

/**
 * A node group of a ClusterAutoscaler document (under `templates:`), as cluster-autoscaler's kwok
 * cloud provider reads it: a template Node labelled kwok-nodegroup, sized by its min/max-count
 * annotations (docs/autoscaler.md).
 */
export function nodeGroupTemplateYaml(group: string, minMax: [number, number], allocatable: { cpu: string; memory: string }, labels: Record<string, string> = {}): string {
  return `  - apiVersion: v1
    kind: Node
    metadata:
      name: ${group}-template
      labels: ${flowMap({ 'kwok-nodegroup': group, ...labels })}
      annotations:
        cluster-autoscaler.kwok.nodegroup/min-count: "${minMax[0]}"
        cluster-autoscaler.kwok.nodegroup/max-count: "${minMax[1]}"
    status: {allocatable: ${flowMap({ ...allocatable, pods: '110' })}}
`;
}

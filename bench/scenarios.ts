// Generated scenarios for benchmarks and large-scale tests: N nodes over Z zones, running
// pods, and pending workloads that exercise spreading, affinity and resource fit.

export interface LargeScenarioOptions {
  nodes: number;
  zones?: number;
  /** pods already bound, spread round-robin */
  boundPods?: number;
  /** replicas of the pending Deployment (with a zone spread constraint) */
  pendingReplicas?: number;
}

export function largeScenario({ nodes, zones = 3, boundPods = 0, pendingReplicas = 50 }: LargeScenarioOptions): string {
  const docs: string[] = [`apiVersion: podplay/v1alpha1\nkind: Scenario\nmetadata: {name: large-${nodes}}\nspec: {seed: 7}`];
  for (let i = 0; i < nodes; i++) {
    const zone = `zone-${String.fromCharCode(97 + (i % zones))}`;
    docs.push(`apiVersion: v1
kind: Node
metadata:
  name: node-${i}
  labels: {kubernetes.io/hostname: node-${i}, topology.kubernetes.io/zone: ${zone}, tier: ${i % 2 ? 'general' : 'compute'}}
status: {allocatable: {cpu: "${8 + (i % 4) * 4}", memory: ${16 + (i % 4) * 16}Gi, pods: "110"}}`);
  }
  for (let i = 0; i < boundPods; i++) {
    docs.push(`apiVersion: v1
kind: Pod
metadata: {name: running-${i}, namespace: default, labels: {app: batch-${i % 7}}}
spec: {nodeName: node-${i % nodes}, containers: [{name: c, image: busybox, resources: {requests: {cpu: 250m, memory: 256Mi}}}]}`);
  }
  docs.push(`apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default}
spec:
  replicas: ${pendingReplicas}
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      topologySpreadConstraints:
      - {maxSkew: 1, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: web}}}
      affinity:
        nodeAffinity:
          preferredDuringSchedulingIgnoredDuringExecution:
          - weight: 10
            preference: {matchExpressions: [{key: tier, operator: In, values: [general]}]}
      containers:
      - {name: web, image: nginx, resources: {requests: {cpu: 500m, memory: 512Mi}}}`);
  return `${docs.join('\n---\n')}\n`;
}

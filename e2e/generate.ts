// A generated large scenario: many nodes over a few zones, some pods already running, and a
// Deployment spread over zones whose pods the scheduler places.

export function largeScenario(nodes: number, replicas: number): string {
  const zones = ['zone-a', 'zone-b', 'zone-c', 'zone-d'];
  const docs: string[] = [
    'apiVersion: podplay/v1alpha1\nkind: Scenario\nmetadata: {name: large}\nspec: {seed: 3}',
  ];
  for (let i = 0; i < nodes; i++) {
    const name = `node-${String(i).padStart(4, '0')}`;
    const zone = zones[i % zones.length];
    const cpu = i % 7 === 0 ? '2' : '8';
    const taints = i % 50 === 0 ? '\nspec: {taints: [{key: dedicated, value: infra, effect: NoSchedule}]}' : '';
    docs.push(`apiVersion: v1\nkind: Node\nmetadata: {name: ${name}, labels: {kubernetes.io/hostname: ${name}, topology.kubernetes.io/zone: ${zone}}}${taints}\nstatus: {allocatable: {cpu: "${cpu}", memory: 32Gi, pods: "110"}}`);
  }
  for (let i = 0; i < nodes / 4; i++) {
    const node = `node-${String(i * 4 + 1).padStart(4, '0')}`;
    docs.push(`apiVersion: v1\nkind: Pod\nmetadata: {name: batch-${i}, namespace: default, labels: {app: batch}}\nspec: {nodeName: ${node}, containers: [{name: c, image: busybox, resources: {requests: {cpu: "1500m", memory: 2Gi}}}]}`);
  }
  docs.push(`apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      topologySpreadConstraints:
      - {maxSkew: 1, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: web}}}
      containers:
      - {name: web, image: nginx, resources: {requests: {cpu: "1", memory: 1Gi}}}`);
  return `${docs.join('\n---\n')}\n`;
}

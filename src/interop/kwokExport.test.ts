import { describe, expect, it } from 'vitest';
import scenarioText from './fixtures/scenario-kwok.yaml?raw';
import dump from './fixtures/kubectl-get-nodes-pods.yaml?raw';
import { simulate } from '../engine/index';
import { loadExpandedScenario, type ExpandedScenario } from '../engine/index';
import { bundleAsSingleYaml, exportForKwok, KWOK_TOLERATION, PLACEHOLDER_IMAGE, type KwokBundle } from './kwokExport';
import { normalizeKubectlDump } from './kubectl';
import { emitDocuments } from './yaml/emit';
import { parseText } from './yaml';
import { slowParseYaml } from './yaml';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const file = (b: KwokBundle, path: string): string => {
  const f = b.files.find((x) => x.path === path);
  if (!f) throw new Error(`no ${path} in ${b.files.map((x) => x.path).join(', ')}`);
  return f.content;
};
const docs = (text: string): Doc[] => {
  const r = slowParseYaml(text);
  expect(r.errors).toEqual([]);
  return r.documents as Doc[];
};
const manifests = (b: KwokBundle): Doc[] => ['00-cluster.yaml', '10-running-pods.yaml', '20-to-schedule.yaml']
  .flatMap((p) => (b.files.some((f) => f.path === p) ? docs(file(b, p)) : []));
const byName = (ds: Doc[], kind: string, name: string): Doc => ds.find((d) => d.kind === kind && d.metadata?.name === name)!;

describe('exportForKwok', () => {
  const bundle = exportForKwok(scenarioText);

  it('writes the scheduler configuration, the manifests in apply order, the timeline and a README', () => {
    expect(bundle.errors).toEqual([]);
    expect(bundle.files.map((f) => f.path)).toEqual(['kube-scheduler-config.yaml', '00-cluster.yaml', '10-running-pods.yaml', '20-to-schedule.yaml', 'timeline.sh', 'README.md']);
    expect(bundle.warnings).toEqual([
      'Service shop/web has no ports: exported as a headless Service',
      '1 Widget object(s) not exported: not simulated, and the cluster may not know the kind',
      'KubeSchedulerConfiguration: clientConnection left out (kwokctl sets the kubeconfig)',
    ]);
  });

  it('makes every node a KWOK fake node, with its capacity', () => {
    const nodes = manifests(bundle).filter((d) => d.kind === 'Node');
    expect(nodes.map((n) => n.metadata.name)).toEqual(['node-a', 'node-b', 'node-c']);
    for (const n of nodes) {
      expect(n.metadata.annotations).toEqual({ 'kwok.x-k8s.io/node': 'fake', 'node.alpha.kubernetes.io/ttl': '0' });
      expect(n.spec.taints).toContainEqual({ key: 'kwok.x-k8s.io/node', value: 'fake', effect: 'NoSchedule' });
    }
    expect(nodes[0]!.status.allocatable).toEqual({ cpu: '4', memory: '8Gi', pods: '110' });
    expect(nodes[1]!.status.allocatable).toEqual({ cpu: '8', memory: '16Gi', pods: '20' });
    expect(nodes[1]!.spec.taints[0]).toEqual({ key: 'gpu', value: 'true', effect: 'PreferNoSchedule' });
    expect(nodes[0]!.status.images).toEqual([{ names: ['nginx:1.27'], sizeBytes: 70000000 }]);
  });

  it('adds the toleration only to what the scheduler places and does not already tolerate it', () => {
    const m = manifests(bundle);
    expect(byName(m, 'Pod', 'db-0').spec.tolerations).toBeUndefined();
    expect(byName(m, 'Pod', 'tolerant').spec.tolerations).toEqual([{ operator: 'Exists' }]);
    expect(byName(m, 'Pod', 'gated').spec.tolerations).toEqual([KWOK_TOLERATION]);
    expect(byName(m, 'Deployment', 'web').spec.template.spec.tolerations).toEqual([KWOK_TOLERATION]);
    expect(byName(m, 'Job', 'report').spec.template.spec.tolerations).toEqual([KWOK_TOLERATION]);
    expect(byName(m, 'Pod', 'gated').spec.containers[0].image).toBe(PLACEHOLDER_IMAGE);
  });

  it('keeps bound pods bound and pending pods pending, and leaves implied namespaces explicit', () => {
    expect(docs(file(bundle, '10-running-pods.yaml')).map((d) => [d.metadata.name, d.spec.nodeName])).toEqual([['db-0', 'node-a']]);
    expect(docs(file(bundle, '20-to-schedule.yaml')).map((d) => [d.kind, d.metadata.name, d.spec.nodeName])).toEqual([
      ['Pod', 'gated', undefined], ['Pod', 'tolerant', undefined], ['Deployment', 'web', undefined], ['Job', 'report', undefined],
    ]);
    expect(docs(file(bundle, '00-cluster.yaml')).map((d) => d.kind)).toEqual(['Namespace', 'PriorityClass', 'Node', 'Node', 'Node', 'Service', 'PodDisruptionBudget']);
  });

  it('writes the scheduler configuration without clientConnection, which kwokctl adds', () => {
    expect(docs(file(bundle, 'kube-scheduler-config.yaml'))).toEqual([{
      apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration',
      profiles: [{ schedulerName: 'default-scheduler', pluginConfig: [{ name: 'NodeResourcesFit', args: { scoringStrategy: { type: 'MostAllocated', resources: [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }] } } }] }],
    }]);
  });

  it('gives the commands in the README', () => {
    const readme = file(bundle, 'README.md');
    const block = readme.slice(readme.indexOf('```sh\n') + 6, readme.indexOf('\n```', readme.indexOf('```sh')));
    expect(block.split('\n')).toEqual([
      // the scenario sets no spec.kubernetesVersion: it runs as 1.37, the cluster is 1.37
      'KWOK_KUBE_VERSION=v1.37.0 kwokctl create cluster --name podplay \\',
      '  --kube-scheduler-config kube-scheduler-config.yaml',
      'kubectl config use-context kwok-podplay',
      'kubectl apply -f 00-cluster.yaml',
      'kubectl wait --for=condition=Ready nodes --all --timeout=120s',
      'kubectl apply -f 10-running-pods.yaml',
      'kubectl apply -f 20-to-schedule.yaml',
      'sh timeline.sh',
      'kubectl get pods -A -o wide',
      'kubectl get events -A --sort-by=.metadata.creationTimestamp',
    ]);
    expect(readme).toContain('seed 42');
    expect(readme).toContain('Not exported: 1 Widget object(s).');
  });

  it('writes the timeline as kubectl commands at the scenario\'s times', () => {
    const commands = file(bundle, 'timeline.sh').split('\n').filter((l) => l && !l.startsWith('#') && l !== 'set -e');
    expect(commands).toEqual([
      'sleep 10', 'kubectl taint nodes node-b dedicated=db:NoSchedule',
      'sleep 10', 'kubectl label nodes node-c disktype=ssd old- --overwrite',
      'sleep 10', 'kubectl cordon node-a',
      'kubectl patch pod gated -n shop --type=json -p \'[{"op":"test","path":"/spec/schedulingGates/0/name","value":"example.com/quota"},{"op":"remove","path":"/spec/schedulingGates/0"}]\'',
      'sleep 15', 'kubectl scale deployment/web -n shop --replicas=4',
      'sleep 15', 'kubectl create --raw /api/v1/namespaces/shop/pods/db-0/eviction -f - <<\'EOF\'', '{"apiVersion":"policy/v1","kind":"Eviction","metadata":{"name":"db-0","namespace":"shop"}}', 'EOF',
      'sleep 1', 'kubectl taint nodes node-b dedicated:NoSchedule-',
      'sleep 9', 'kubectl apply -f - <<\'EOF\'', 'apiVersion: v1', 'kind: Pod', 'metadata: {name: late, namespace: shop}', 'spec:',
      '  containers: [{name: c, image: nginx}]', '  tolerations: [{key: kwok.x-k8s.io/node, operator: Exists, effect: NoSchedule}]', 'EOF',
      'sleep 10', 'kubectl patch node node-c --subresource=status --type=strategic -p \'{"status":{"conditions":[{"type":"MemoryPressure","status":"True"}]}}\'',
      'sleep 10', 'kubectl delete pod late -n shop',
      'sleep 5', 'kubectl uncordon node-a',
    ]);
  });

  it('places every pod where the simulation places it: the taint and tolerations change no decision', () => {
    // The scenario without its timeline, and the bundle's manifests read back as a scenario.
    const original = (parseText(scenarioText).documents as Doc[]).map((d) => (d.kind === 'Scenario' ? { ...d, spec: { title: d.spec.title, seed: d.spec.seed } } : d));
    const b = exportForKwok(emitDocuments(original));
    const replay = emitDocuments([{ apiVersion: 'podplay/v1alpha1', kind: 'Scenario', metadata: { name: 'replay' }, spec: { seed: 42 } }, ...docs(file(b, 'kube-scheduler-config.yaml')), ...manifests(b)]);
    // The template gains a toleration, so the Deployment's pod-template-hash (and pod names) differ.
    const placements = (text: string) => {
      const r = simulate(text);
      if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
      return r.result.pods.map((p) => [p.pod.replace(/^shop\/web-[a-z0-9]+-[a-z0-9]{5}$/, 'shop/web-*'), p.phase, p.node ?? null]);
    };
    const expected = placements(emitDocuments(original));
    expect(expected.filter(([, phase]) => phase === 'Running').length).toBeGreaterThan(3);
    expect(placements(replay)).toEqual(expected);
  });

  it('leaves the taint and the tolerations out when asked', () => {
    const b = exportForKwok(scenarioText, { fakeNodeTaint: false, clusterName: 'shop', kubeVersion: 'v1.35.2' });
    const m = manifests(b);
    expect(m.filter((d) => d.kind === 'Node').every((n) => !JSON.stringify(n.spec ?? {}).includes('kwok.x-k8s.io'))).toBe(true);
    expect(byName(m, 'Pod', 'gated').spec.tolerations).toBeUndefined();
    expect(file(b, 'README.md')).toContain('KWOK_KUBE_VERSION=v1.35.2 kwokctl create cluster --name shop \\');
  });

  it('turns an imported cluster into create requests: no uids, owner references or status; Jobs get a fresh selector', () => {
    const job = [
      'apiVersion: batch/v1\nkind: Job\nmetadata: {name: etl, namespace: default, uid: 0f7e1f2a-1111-4222-8333-944455556666}',
      'spec:',
      '  selector: {matchLabels: {batch.kubernetes.io/controller-uid: 0f7e1f2a-1111-4222-8333-944455556666}}',
      '  template:',
      '    metadata: {labels: {app: etl, batch.kubernetes.io/controller-uid: 0f7e1f2a-1111-4222-8333-944455556666, batch.kubernetes.io/job-name: etl, controller-uid: 0f7e1f2a-1111-4222-8333-944455556666, job-name: etl}}',
      '    spec: {restartPolicy: Never, containers: [{name: etl, image: busybox}]}',
    ].join('\n');
    const b = exportForKwok(`${normalizeKubectlDump(dump).yaml}---\n${job}\n`);
    expect(b.errors).toEqual([]);
    const m = manifests(b);
    for (const d of m) {
      expect(d.metadata.uid).toBeUndefined();
      expect(d.metadata.ownerReferences).toBeUndefined();
      if (d.kind !== 'Node') expect(d.status).toBeUndefined();
    }
    expect(byName(m, 'Job', 'etl').spec.selector).toBeUndefined();
    expect(byName(m, 'Job', 'etl').spec.template.metadata.labels).toEqual({ app: 'etl' });
    expect(docs(file(b, '00-cluster.yaml')).filter((d) => d.kind === 'Namespace').map((d) => d.metadata.name)).toEqual(['shop']);
  });

  it('passes the scenario\'s feature gates to the cluster', () => {
    const gang = 'apiVersion: podplay/v1alpha1\nkind: Scenario\nmetadata: {name: g}\nspec: {kubernetesVersion: "1.35", featureGates: {GenericWorkload: true, GangScheduling: true}}\n---\napiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus: {allocatable: {cpu: "1", memory: 1Gi}}\n';
    const readme = file(exportForKwok(gang), 'README.md');
    expect(readme).toContain('KWOK_KUBE_VERSION=v1.35.0 kwokctl');
    expect(readme).toContain('  --kube-feature-gates GenericWorkload=true,GangScheduling=true \\\n  --kube-runtime-config scheduling.k8s.io/v1alpha1=true\n');
  });

  // upstream: the scheduling.k8s.io versions each release serves (1.35 v1alpha1; 1.36 v1alpha2,
  // PR #136976; 1.37 v1beta1, PR #140184) — a cluster of that release refuses the others.
  const podGroupScenario = (version: string, api: string): string => [
    'apiVersion: podplay/v1alpha1', 'kind: Scenario', 'metadata: {name: g}', `spec: {kubernetesVersion: "${version}", featureGates: {GenericWorkload: true}}`,
    '---', 'apiVersion: v1', 'kind: Node', 'metadata: {name: n1}', 'status: {allocatable: {cpu: "2", memory: 2Gi}}',
    '---', `apiVersion: ${api}`, 'kind: PodGroup', 'metadata: {name: g, namespace: default}', 'spec: {schedulingPolicy: {gang: {minCount: 1}}}',
    '---', 'apiVersion: v1', 'kind: Pod', 'metadata: {name: p, namespace: default}',
    'spec: {schedulingGroup: {podGroupName: g}, containers: [{name: c, image: x}]}', '',
  ].join('\n');
  it.each([
    { version: '1.36', api: 'scheduling.k8s.io/v1alpha2' },
    { version: '1.37', api: 'scheduling.k8s.io/v1beta1' },
  ])('at $version: exports the PodGroup in $api before its pods, for a $version cluster serving that API', ({ version, api }) => {
    const b = exportForKwok(podGroupScenario(version, api));
    expect(b.errors).toEqual([]);
    expect(b.warnings).toEqual([]);
    const group = byName(docs(file(b, '00-cluster.yaml')), 'PodGroup', 'g');
    expect(group.apiVersion).toBe(api);
    expect(group.spec).toEqual({ schedulingPolicy: { gang: { minCount: 1 } } });
    const readme = file(b, 'README.md');
    expect(readme).toContain(`KWOK_KUBE_VERSION=v${version}.0 kwokctl`);
    expect(readme).toContain(`  --kube-runtime-config ${api}=true\n`);
    expect(readme).not.toContain('Not exported');
  });

  it('turns on the API version the Job controller writes at that version when GenericWorkload is on, and no other', () => {
    const jobOnly = (version: string): string => [
      'apiVersion: podplay/v1alpha1', 'kind: Scenario', 'metadata: {name: j}', `spec: {kubernetesVersion: "${version}", featureGates: {GenericWorkload: true, WorkloadWithJob: true}}`,
      '---', 'apiVersion: v1', 'kind: Node', 'metadata: {name: n1}', 'status: {allocatable: {cpu: "2", memory: 2Gi}}', '',
    ].join('\n');
    expect(file(exportForKwok(jobOnly('1.36')), 'README.md')).toContain('  --kube-runtime-config scheduling.k8s.io/v1alpha2=true\n');
    expect(file(exportForKwok(jobOnly('1.37')), 'README.md')).toContain('  --kube-runtime-config scheduling.k8s.io/v1beta1=true\n');
    expect(file(exportForKwok(scenarioText), 'README.md')).not.toContain('--kube-runtime-config');
  });

  it('uses the scenario the caller already loaded, to the same files', () => {
    const loaded = loadExpandedScenario(scenarioText);
    expect(loaded.ok).toBe(true);
    expect(exportForKwok(scenarioText, { loaded: (loaded as { ok: true; scenario: ExpandedScenario }).scenario }).files).toEqual(exportForKwok(scenarioText).files);
  });

  it('reports a scenario with errors instead of exporting it', () => {
    const b = exportForKwok('apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {nodeName: nowhere, containers: [{name: c, image: x}]}\n');
    expect(b.files).toEqual([]);
    expect(b.errors[0]).toContain('node "nowhere" not found');
  });
});

describe('bundleAsSingleYaml', () => {
  it('is the manifests in order, with the README, configuration and timeline as comments', () => {
    const bundle = exportForKwok(scenarioText);
    const one = bundleAsSingleYaml(bundle);
    expect(docs(one)).toEqual(manifests(bundle));
    expect(one.startsWith('# README.md\n#\n# # Shop rollout on KWOK\n')).toBe(true);
    expect(one).toContain('# kube-scheduler-config.yaml (save it as that file for kwokctl create cluster --kube-scheduler-config)\n');
    expect(one).toContain('# kubectl cordon node-a\n');
  });
});

describe('control characters in exported YAML', () => {
  // A title and an annotation that try to end a comment or a scalar early, for readers that break
  // lines at CR (kubectl's go-yaml), NEL, U+2028 or U+2029 (YAML 1.1), and characters a terminal
  // or an editor would act on (ESC, a bidirectional override).
  const secret = 'apiVersion: v1\nkind: Secret\nmetadata: {name: stolen}\n---\n';
  const title = `Demo\r---\r${secret.replace(/\n/g, '\r')}#\u0085---\u0085${secret.replace(/\n/g, '\u2028')}\u2029x\u001b]0;pwned\u0007\u202e`;
  const text = [
    'apiVersion: podplay/v1alpha1', 'kind: Scenario', 'metadata: {name: s}', `spec: {title: ${JSON.stringify(title)}}`,
    '---', 'apiVersion: v1', 'kind: Node', 'metadata: {name: n1}', 'status: {allocatable: {cpu: "1", memory: 1Gi}}',
    '---', 'apiVersion: v1', 'kind: Pod', `metadata: {name: p, annotations: {note: ${JSON.stringify(title)}}}`, 'spec: {containers: [{name: c, image: nginx}]}',
  ].join('\n');
  /** The documents as a reader that also breaks lines at CR, NEL, LS and PS would see them. */
  const asYaml11Reader = (yaml: string): Doc[] => docs(yaml.replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n'));
  const bundle = exportForKwok(text);

  it('every YAML file holds exactly its documents, and no raw line break but LF', () => {
    expect(bundle.errors).toEqual([]);
    const expected: Record<string, [string, string][]> = {
      'kube-scheduler-config.yaml': [['KubeSchedulerConfiguration', '']],
      '00-cluster.yaml': [['Node', 'n1']],
      '20-to-schedule.yaml': [['Pod', 'p']],
    };
    for (const [path, kinds] of Object.entries(expected)) {
      const content = file(bundle, path);
      expect(content).not.toMatch(/[\r\u0085\u2028\u2029\u001b\u202e]/);
      expect(asYaml11Reader(content).map((d) => [d.kind, d.metadata?.name ?? ''])).toEqual(kinds);
    }
    const one = bundleAsSingleYaml(bundle);
    expect(one).not.toMatch(/[\r\u0085\u2028\u2029\u001b\u202e]/);
    const all = asYaml11Reader(one);
    expect(all.map((d) => [d.kind, d.metadata.name])).toEqual([['Node', 'n1'], ['Pod', 'p']]);
    expect(all[1]!.metadata.annotations).toEqual({ note: title });
  });

  it('the title is shown with its control characters escaped, on one line', () => {
    expect(file(bundle, '00-cluster.yaml').split('\n')[0]).toBe(
      '# Demo\\r---\\rapiVersion: v1\\rkind: Secret\\rmetadata: {name: stolen}\\r---\\r#\\u0085---\\u0085apiVersion: v1\\u2028kind: Secret\\u2028metadata: {name: stolen}\\u2028---\\u2028\\u2029x\\u001b]0;pwned\\u0007\\u202e: namespaces, priority classes, nodes (KWOK fake nodes), storage and DRA objects, services, budgets',
    );
    expect(file(bundle, 'README.md').split('\n')[0]).toBe(`# ${file(bundle, '00-cluster.yaml').split('\n')[0]!.slice(2, -': namespaces, priority classes, nodes (KWOK fake nodes), storage and DRA objects, services, budgets'.length)} on KWOK`);
  });
});

// Storage and DRA objects go into the cluster file at the API version the scenario's Kubernetes
// version serves (the loader refuses the others), after the kinds they name and before the pods;
// an alpha or beta one is turned on with --kube-runtime-config.
describe('exportForKwok: storage and DRA kinds per version', () => {
  const taintRuleApi = { '1.35': 'resource.k8s.io/v1alpha3', '1.36': 'resource.k8s.io/v1beta2', '1.37': 'resource.k8s.io/v1' } as const;
  const text = (version: keyof typeof taintRuleApi) => [
    `apiVersion: podplay/v1alpha1\nkind: Scenario\nmetadata: {name: s}\nspec: {kubernetesVersion: "${version}"}`,
    'apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}',
    'apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: i}]\n  resourceClaims: [{name: gpu, resourceClaimName: gpu}]\n  volumes: [{name: data, persistentVolumeClaim: {claimName: data}}]',
    'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: data}\nspec: {storageClassName: local, volumeName: pv-1, accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}\nstatus: {phase: Bound}',
    'apiVersion: v1\nkind: PersistentVolume\nmetadata: {name: pv-1}\nspec: {storageClassName: local, capacity: {storage: 1Gi}, accessModes: [ReadWriteOnce], claimRef: {namespace: default, name: data}, hostPath: {path: /d}}\nstatus: {phase: Bound}',
    'apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata: {name: local}\nprovisioner: kubernetes.io/no-provisioner\nvolumeBindingMode: WaitForFirstConsumer',
    'apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: gpu}\nspec: {devices: {requests: [{name: g, exactly: {deviceClassName: gpu.example.com}}]}}',
    `apiVersion: ${taintRuleApi[version]}\nkind: DeviceTaintRule\nmetadata: {name: broken}\nspec: {deviceSelector: {driver: gpu.example.com}, taint: {key: broken, effect: NoSchedule}}`,
    'apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: n1-gpus}\nspec: {driver: gpu.example.com, nodeName: n1, pool: {name: n1, resourceSliceCount: 1, generation: 1}, devices: [{name: gpu-0}]}',
    'apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: gpu.example.com}\nspec: {selectors: [{cel: {expression: "device.driver == \'gpu.example.com\'"}}]}',
  ].join('\n---\n');

  it.each(['1.35', '1.36', '1.37'] as const)('at %s', (version) => {
    const b = exportForKwok(text(version));
    expect(b.errors).toEqual([]);
    expect(b.warnings.filter((w) => w.includes('not exported'))).toEqual([]);
    const cluster = docs(file(b, '00-cluster.yaml'));
    expect(cluster.map((d) => d.kind)).toEqual(['Node', 'StorageClass', 'PersistentVolume', 'PersistentVolumeClaim', 'DeviceClass', 'ResourceSlice', 'DeviceTaintRule', 'ResourceClaim']);
    expect(byName(cluster, 'DeviceTaintRule', 'broken').apiVersion).toBe(taintRuleApi[version]);
    // a create request carries no status: the PV controller binds the pre-bound pair again
    for (const kind of ['PersistentVolume', 'PersistentVolumeClaim']) expect(cluster.find((d) => d.kind === kind)).not.toHaveProperty('status');
    expect(byName(cluster, 'StorageClass', 'local').metadata).not.toHaveProperty('namespace');
    const readme = file(b, 'README.md');
    expect(readme.includes('--kube-runtime-config resource.k8s.io/')).toBe(version !== '1.37');
    if (version !== '1.37') expect(readme).toContain(`--kube-runtime-config ${taintRuleApi[version]}=true`);
    expect(readme).toContain('No DRA driver runs');
    expect(readme).toContain('No volume provisioner runs');
  });
});

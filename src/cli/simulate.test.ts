// The command line as a user runs it (a child process): what it refuses, what it prints for
// people (no raw control characters from the scenario), and a reader that goes away early.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { balancedAllocationUpgrade } from '../engine/testing/versionScenarios';
import { normalizeKubectlDump } from '../interop/kubectl';
import { cliBundle, simulate, simulateWithTsx } from './testing/cliProcess';

const dir = mkdtempSync(join(tmpdir(), 'podplay-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** C0 (but line feed), DEL, C1, line separators and bidirectional formatting characters */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('npm run simulate', () => {
  // every other test runs the CLI bundled once (src/cli/testing/cliProcess.ts): this one starts it
  // as `npm run simulate` does, through tsx, and finds the same output
  it('through tsx, as npm run simulate starts it, prints what the bundle prints', () => {
    const file = new URL('../../scenarios/quota-deployment.yaml', import.meta.url).pathname;
    const viaTsx = simulateWithTsx(file, '--explain', 'web');
    expect(viaTsx.status).toBe(0);
    expect(viaTsx.stdout).toContain('web');
    expect(viaTsx).toEqual(simulate(file, '--explain', 'web'));
  });

  it('refuses a directory with a clear message and status 2', () => {
    const r = simulate(dir);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`${dir}:1:1: not a scenario file: it is a directory; give a YAML or JSON file\n`);
  });

  it('escapes control characters from kinds and names in warnings, errors and tables', () => {
    const hostile = '\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202eevil';
    const shown = '\\u001b]0;pwned\\u0007\\u001b[2J\\u009b31m\\u202eevil';
    const warn = simulate(write('warn.yaml', [
      'apiVersion: v1', 'kind: Node', 'metadata: {name: n1}', 'status: {allocatable: {cpu: "1", memory: 1Gi}}',
      '---', 'apiVersion: v1', 'kind: Pod', `metadata: {name: p, annotations: {note: ${JSON.stringify(hostile)}}}`, 'spec: {containers: [{name: c, image: nginx}]}',
      '---', `apiVersion: v1`, `kind: ${JSON.stringify(`Widget${hostile}`)}`, 'metadata: {name: w}',
    ].join('\n')));
    expect(warn.status).toBe(0);
    expect(warn.stderr).not.toMatch(RAW_CONTROL);
    expect(warn.stderr).toContain(`Widget${shown}`);
    expect(warn.stdout).toMatch(/^NAMESPACE +NAME +READY +STATUS/);

    const error = simulate(write('error.yaml', ['apiVersion: v1', 'kind: Pod', `metadata: {name: ${JSON.stringify(`p${hostile}`)}}`, 'spec: {containers: [{name: c, image: nginx}]}'].join('\n')));
    expect(error.status).toBe(2);
    expect(error.stderr).not.toMatch(RAW_CONTROL);
    expect(error.stderr).toContain(`Pod default/p${shown}: metadata.name: Invalid value:`);
  });

  it('--explain says why a pod is Pending and which verified change would fix it, with its YAML change', () => {
    const r = simulate(write('tainted.yaml', [
      'apiVersion: v1', 'kind: Node', 'metadata: {name: gpu-1}',
      'spec: {taints: [{key: dedicated, value: gpu, effect: NoSchedule}]}',
      'status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}',
      '---', 'apiVersion: v1', 'kind: Pod', 'metadata: {name: trainer}',
      'spec: {containers: [{name: c, image: trainer, resources: {requests: {cpu: "1"}}}]}',
    ].join('\n')), '--explain', 'trainer');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Pod default\/trainer: .*\nUnschedulable at cycle 1/);
    expect(r.stdout).toContain('gpu-1: TaintToleration: node(s) had untolerated taint(s) (dedicated=gpu:NoSchedule)');
    const fixes = r.stdout.slice(r.stdout.indexOf('What would fix it'));
    expect(fixes).toMatch(/^What would fix it \(\d+ of \d+ change\(s\) tried; each simulated, best first\):\n1\. Tolerate the taint dedicated=gpu:NoSchedule\n +→ schedules on gpu-1, no other pod affected\n/);
    // the YAML change: the pod's spec line, before and after (the file's flow style kept)
    expect(fixes).toMatch(/\n +- spec: \{containers: \[.*\]\}\n/);
    expect(fixes).toMatch(/\n +\+ spec: \{containers: \[.*\], tolerations: \[\{key: dedicated, operator: Equal, value: gpu, effect: NoSchedule\}\]\}\n/);
    // the search's progress streams to stderr while it runs: what it verifies, then each fix as found
    expect(r.stderr).toMatch(/^simulate: verifying \d+ change\(s\), each a whole simulation…\nsimulate: verified: Tolerate the taint dedicated=gpu:NoSchedule → schedules on gpu-1\n/);
  });

  describe('--explain POD --json: the diagnosis and ranked fixes for a CI job, and an exit status it can branch on', () => {
    const file = () => write('ci.yaml', [
      'apiVersion: v1', 'kind: Node', 'metadata: {name: gpu-1}',
      'spec: {taints: [{key: dedicated, value: gpu, effect: NoSchedule}]}',
      'status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}',
      '---', 'apiVersion: v1', 'kind: Pod', 'metadata: {name: trainer}',
      'spec: {containers: [{name: c, image: trainer, resources: {requests: {cpu: "1"}}}]}',
      '---', 'apiVersion: v1', 'kind: Pod', 'metadata: {name: running}',
      'spec: {nodeName: gpu-1, containers: [{name: c, image: nginx}]}',
      '---', 'apiVersion: v1', 'kind: Pod', 'metadata: {name: held}',
      'spec: {schedulingGates: [{name: example.com/quota}], containers: [{name: c, image: nginx}]}',
    ].join('\n'));

    it('3: Pending with a verified fix, the fixes ranked with their diff', () => {
      const r = simulate(file(), '--explain', 'trainer', '--json');
      expect(r.status).toBe(3);
      const doc = JSON.parse(r.stdout) as { version: number; state: string; exitCode: number; diagnosis: { groups: { plugin: string }[] }; fixes: { rank: number; title: string; node: string; diff?: string }[]; search: { tried: number } };
      expect(doc).toMatchObject({ version: 1, state: 'pending', exitCode: 3 });
      expect(doc.diagnosis.groups.map((g) => g.plugin)).toEqual(['TaintToleration']);
      expect(doc.fixes[0]).toMatchObject({ rank: 1, title: 'Tolerate the taint dedicated=gpu:NoSchedule', node: 'gpu-1' });
      expect(doc.fixes[0]!.diff).toContain('+ spec: {containers:');
      expect(doc.search.tried).toBeGreaterThanOrEqual(doc.fixes.length);
    });

    it('0: scheduled', () => {
      const r = simulate(file(), '--explain', 'running', '--json');
      expect(r.status).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ state: 'scheduled', node: 'gpu-1', fixes: [], exitCode: 0 });
    });

    it('4: Pending with no verified fix (here: held by a scheduling gate, which no change to the spec lifts)', () => {
      const r = simulate(file(), '--explain', 'held', '--json');
      expect(r.status).toBe(4);
      expect(JSON.parse(r.stdout)).toMatchObject({ state: 'gated', fixes: [], exitCode: 4 });
    });

    // issue 20: the verdicts and the autoscaler's word the text explanation prints, in the JSON too
    const capacityFile = () => write('ci-capacity.yaml', [
      'apiVersion: podplay/v1alpha1', 'kind: ClusterAutoscaler', 'metadata: {name: ca}',
      'spec: {templates: [{apiVersion: v1, kind: Node, metadata: {name: pool-template, labels: {kwok-nodegroup: pool}}, status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}}]}',
      '---', 'apiVersion: v1', 'kind: Node', 'metadata: {name: n-1, labels: {kwok-nodegroup: pool}}',
      'status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}',
      '---', 'apiVersion: v1', 'kind: Pod', 'metadata: {name: huge}',
      'spec: {containers: [{name: c, image: job, resources: {requests: {cpu: "6"}}}]}',
      '---', 'apiVersion: v1', 'kind: Pod', 'metadata: {name: elsewhere}',
      'spec: {schedulerName: volcano, containers: [{name: c, image: job}]}',
    ].join('\n'));

    it('a pod larger than any node and any node group template: the capacity verdict and the autoscaler\'s groups', () => {
      const doc = JSON.parse(simulate(capacityFile(), '--explain', 'huge', '--json').stdout) as { capacity?: { kind: string; resource: string; requested: number; most: number; noGroupFits?: boolean }[]; autoscaler?: { kind: string; groups: { group: string }[] } };
      expect(doc.capacity).toEqual([expect.objectContaining({ kind: 'largerThanAnyNode', resource: 'cpu', requested: 6000, most: 4000, noGroupFits: true })]);
      expect(doc.autoscaler).toMatchObject({ kind: 'notTriggerScaleUp', groups: [{ group: 'pool' }] });
    });

    it('a pod no scheduler profile serves: cluster-autoscaler ignores it, and says why', () => {
      const doc = JSON.parse(simulate(capacityFile(), '--explain', 'elsewhere', '--json').stdout) as { state: string; autoscaler?: { kind: string; lead: string } };
      expect(doc.state).toBe('pending');
      expect(doc.autoscaler?.kind).toBe('ignored');
      expect(doc.autoscaler?.lead).toContain('volcano');
    });

    it('--verbose lists the changes tried that did not help', () => {
      const r = simulate(file(), '--explain', 'trainer', '--verbose');
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/\nChanges tried that did not help(: none\.| \(\d+\):\n)/);
      expect(simulate(file(), '--verbose').status).toBe(2);
    });
  });

  it('writes JSON that parses to the same strings, without the raw controls JSON.stringify leaves', () => {
    const note = 'del\u007f c1\u009b ls\u2028 rlo\u202e';
    const r = simulate('--json', write('json.yaml', [
      'apiVersion: v1', 'kind: Node', 'metadata: {name: n1}', 'status: {allocatable: {cpu: "1", memory: 1Gi}}',
      '---', 'apiVersion: v1', `kind: ${JSON.stringify(`Widget ${note}`)}`, 'metadata: {name: w}',
    ].join('\n')));
    expect(r.status).toBe(0);
    expect(r.stdout).not.toMatch(RAW_CONTROL);
    expect(r.stdout).toContain('Widget del\\u007f c1\\u009b ls\\u2028 rlo\\u202e');
    const result = JSON.parse(r.stdout) as { warnings: { message: string }[] };
    expect(result.warnings.map((w) => w.message)).toContainEqual(expect.stringContaining(`Widget ${note}`));
  });

  // Outputs larger than a pipe's buffer (64 KB), so that the writer meets the closed pipe.
  it.each([
    { name: 'text', nodes: 50, pods: 600, args: [] },
    { name: 'JSON', nodes: 20, pods: 100, args: ['--json'] },
  ])('stops quietly when the reader closes the pipe early ($name | head -1)', ({ name, nodes, pods, args }) => {
    const docs = [
      ...Array.from({ length: nodes }, (_, i) => `apiVersion: v1\nkind: Node\nmetadata: {name: node-${i}}\nstatus: {allocatable: {cpu: "20", memory: 1Gi}}`),
      ...Array.from({ length: pods }, (_, i) => `apiVersion: v1\nkind: Pod\nmetadata: {name: pod-${i}}\nspec: {containers: [{name: c, image: nginx, resources: {requests: {cpu: 100m}}}]}`),
    ];
    const file = write(`pipe-${name}.yaml`, docs.join('\n---\n'));
    // the user's pipeline, with a real pipe (node's own stdio pipes are sockets, with larger buffers)
    const r = spawnSync('bash', ['--norc', '--noprofile', '-c', '"$@" | head -1; exit "${PIPESTATUS[0]}"', 'bash', process.execPath, cliBundle(), ...args, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const { stderr, status } = r;
    expect(r.stdout).toMatch(args.length ? /^\{\n$/ : /^NAMESPACE +NAME +READY [^\n]*\n$/);
    expect(stderr).toBe('');
    expect(status).toBe(0);
  });
});

describe('npm run simulate: Kubernetes versions', () => {
  it('says the version it simulated in its output, in --json and in --explain', () => {
    const file = write('ba-136.yaml', balancedAllocationUpgrade('1.36'));
    const plain = simulate(file);
    expect(plain.status).toBe(0);
    expect(plain.stdout).toMatch(/\nSimulated as kube-scheduler v1\.36 \(v1\.36, from the scenario's spec\.kubernetesVersion\)\n$/);
    const json = JSON.parse(simulate(file, '--json').stdout) as { kubernetesVersion: unknown };
    expect(json.kubernetesVersion).toMatchObject({ version: '1.36', source: 'scenario' });
    expect(simulate(file, '--explain', 'p').stdout).toContain('Simulated as kube-scheduler v1.36');
    expect(simulate(file, '--kubernetes-version', '1.35').stdout).toContain('Simulated as kube-scheduler v1.35 (v1.35, chosen for this run (the scenario says 1.36))');
  });

  it('an imported dump: "Simulated as" says the version was inferred from the nodes\' kubelets', () => {
    const kubelet = (name: string, v: string) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name }, status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' }, nodeInfo: { kubeletVersion: v } } });
    const imported = normalizeKubectlDump(JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [kubelet('a', 'v1.36.2'), kubelet('b', 'v1.36.2'), kubelet('c', 'v1.35.8')] }));
    const r = simulate(write('imported.yaml', imported.yaml));
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/\nSimulated as kube-scheduler v1\.36 \(v1\.36, inferred from the most common kubeletVersion minor, 1\.36 \(2 of 3 nodes, e\.g\. v1\.36\.2; 1 on 1\.35\) \(kubelets may lag the API server/);
  });

  it('a kubectl dump read directly runs as the version its `kubectl version` document shows, source dump', () => {
    const dump = ['clientVersion: {gitVersion: v1.37.0}', 'serverVersion: {gitVersion: v1.36.3-eks-1}', '---',
      'apiVersion: v1', 'kind: List', 'items:', '- {apiVersion: v1, kind: Node, metadata: {name: a}, status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}, nodeInfo: {kubeletVersion: v1.35.2}}}', ''].join('\n');
    const json = JSON.parse(simulate(write('raw-dump.yaml', dump), '--json').stdout) as { kubernetesVersion: unknown };
    expect(json.kubernetesVersion).toEqual({ version: '1.36', source: 'dump', detail: "v1.36, the API server's version in the dump (kubectl version: serverVersion v1.36.3-eks-1)" });
  });

  // A 1.36 dump of a gang that waits for its second member: the stored PodGroup proves GenericWorkload
  // (the API server serves PodGroups only with it) and its gang policy GangScheduling, so the one
  // member stays Pending as in the cluster instead of being scheduled alone
  it('a 1.36 kubectl dump with a 1-of-2 gang: the pod stays Pending as in the cluster, the inferred gates in warnings', () => {
    const dump = ['apiVersion: v1', 'kind: List', 'items:',
      '- {apiVersion: v1, kind: Node, metadata: {name: n1}, status: {allocatable: {cpu: "8", memory: 8Gi, pods: "110"}, nodeInfo: {kubeletVersion: v1.36.2}}}',
      '- {apiVersion: scheduling.k8s.io/v1alpha2, kind: PodGroup, metadata: {name: train-0, namespace: ml}, spec: {schedulingPolicy: {gang: {minCount: 2}}}}',
      '- apiVersion: v1', '  kind: Pod', '  metadata: {name: worker-0, namespace: ml}',
      '  spec: {schedulingGroup: {podGroupName: train-0}, containers: [{name: c, image: i, resources: {requests: {cpu: "1"}}}]}',
      '  status: {phase: Pending, conditions: [{type: PodScheduled, status: "False", reason: Unschedulable}]}', ''].join('\n');
    const r = simulate(write('gang-136.yaml', dump));
    expect(r.status).toBe(0);
    expect(r.stderr.split('\n').filter((l) => l.includes('turned on for this run')).map((l) => l.replace(/ turned on for this run: .*$/, ''))).toEqual([
      expect.stringMatching(/gang-136\.yaml:5:3: PodGroup ml\/train-0: the feature gate GenericWorkload$/),
      expect.stringMatching(/gang-136\.yaml:5:\d+: PodGroup ml\/train-0: spec\.schedulingPolicy\.gang: the feature gate GangScheduling$/),
    ]);
    expect(r.stdout).toMatch(/\nml +worker-0 +0\/1 +SchedulingGated +0s +<none>/);
    expect(r.stdout).not.toContain('differ from your cluster');
    expect(r.stdout).toContain('Simulated as kube-scheduler v1.36');
  });

  it('--compare-versions on a 1.37 kubectl dump says the version the dump shows and why, and lists the differences with their causes', () => {
    const node = (name: string) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name }, status: { allocatable: { cpu: '10', memory: '10Gi', pods: '110' }, nodeInfo: { kubeletVersion: 'v1.37.2' } } });
    const pod = (name: string, requests: Record<string, string>, nodeName?: string) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { ...(nodeName ? { nodeName } : {}), containers: [{ name: 'c', image: 'x', resources: { requests } }] } });
    // balancedAllocationUpgrade's cluster as `kubectl get -o json` would give it
    const dump = JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [node('n-even'), node('n-cpu'), pod('even', { cpu: '5', memory: '5Gi' }, 'n-even'), pod('cpu-heavy', { cpu: '8', memory: '2Gi' }, 'n-cpu'), pod('p', { memory: '1Gi' })] });
    const r = simulate(write('dump-137.json', dump), '--compare-versions', '1.35,1.37');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Upgrade preview: kube-scheduler v1\.35 -> v1\.37: 1 pod\(s\) differ, 2 unchanged\n/);
    expect(r.stdout).toContain('default/p: placed-differently\n  v1.35: on n-even\n  v1.37: on n-cpu\n  because of:\n    - NodeResourcesBalancedAllocation scores the change in balance (v1.36, kubernetes PR #135573)');
    expect(r.stdout).toMatch(/\nThe dump shows kube-scheduler v1\.37 \(inferred from 2 nodes' kubeletVersion v1\.37\.2 \(kubelets may lag the API server\)\)\n$/);
  });

  const refused = [
    { args: ['--compare-versions', '1.35'], message: '--compare-versions needs two different versions FROM,TO of 1.35, 1.36, 1.37 (e.g. 1.35,1.37)' },
    { args: ['--compare-versions', '1.34,1.37'], message: '--compare-versions needs two different versions FROM,TO of 1.35, 1.36, 1.37 (e.g. 1.35,1.37)' },
    { args: ['--kubernetes-version', '1.38'], message: '--kubernetes-version needs one of 1.35, 1.36, 1.37' },
  ];
  it.each(refused)('refuses $args', ({ args, message }) => {
    const r = simulate(write('v.yaml', balancedAllocationUpgrade()), ...args);
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`simulate: ${message}`);
  });
});

// The exported timeline.sh run for real, by dash (`sh timeline.sh`, as the bundle's README says)
// and by bash, with a fake `kubectl` and `sleep` first on PATH: for names and values holding `;`,
// `$(…)`, backticks, quotes and line feeds, only the expected kubectl commands run, each with
// exactly the expected arguments and input, and nothing else happens (no file appears).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { loadExpandedScenario, type ExpandedScenario } from '../engine/index';
import type { TimelineStep } from '../engine/model/scenario';
import { exportForKwok, type KwokBundle } from './kwokExport';
import { hereDocument, shQuote } from './shell';

const root = mkdtempSync(join(tmpdir(), 'podplay-kwok-sh-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Each hostile value tries to create a file named pwned* in the directory the script runs in.
const HOSTILE = [
  "x'; touch pwned1; echo '",
  '$(touch pwned2)',
  '`touch pwned3`',
  '"; touch pwned4; "',
  'a\ntouch pwned5\n#',
  'EOF\ntouch pwned6\nEOF',
  'a\rtouch pwned7',
  'web --replicas=2; touch pwned8 #',
];

// bash reads ~/.bashrc when its input is a socket (it takes that for rshd), as node's pipes are
const noStartupFiles = { sh: [], bash: ['--norc', '--noprofile'] };

interface Call { argv: string[]; stdin?: string }

/** Runs `script` in a fresh directory with `shell`; returns the kubectl calls and the files left in that directory. */
function run(shell: 'sh' | 'bash', script: string): { calls: Call[]; files: string[]; status: number | null; stderr: string } {
  const dir = mkdtempSync(join(root, `${shell}-`));
  const bin = join(dir, '..', `${shell}-bin-${readdirSync(root).length}`);
  const log = join(dir, '..', `${shell}-log-${readdirSync(root).length}`);
  mkdirSync(bin);
  mkdirSync(log);
  // argv as NUL-separated words, stdin when the command reads it (-f -)
  writeFileSync(join(bin, 'kubectl'), [
    '#!/bin/sh',
    'n=$(ls "$KUBECTL_LOG" | grep -c "^argv")',
    'for a in "$@"; do printf "%s\\0" "$a"; done > "$KUBECTL_LOG/argv.$n"',
    'case " $* " in *" -f - "*) cat > "$KUBECTL_LOG/stdin.$n";; esac',
    '',
  ].join('\n'));
  writeFileSync(join(bin, 'sleep'), '#!/bin/sh\n');
  chmodSync(join(bin, 'kubectl'), 0o755);
  chmodSync(join(bin, 'sleep'), 0o755);
  writeFileSync(join(dir, 'timeline.sh'), script);
  const r = spawnSync(shell, [...noStartupFiles[shell], 'timeline.sh'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: `${bin}:/usr/bin:/bin`, KUBECTL_LOG: log } });
  const names = readdirSync(log);
  const count = names.filter((f) => f.startsWith('argv.')).length;
  expect(names.every((f) => /^(argv|stdin)\.\d+$/.test(f))).toBe(true);
  const calls: Call[] = [];
  for (let i = 0; i < count; i++) {
    const argv = readFileSync(join(log, `argv.${i}`), 'utf8').split('\0').slice(0, -1);
    const stdin = names.includes(`stdin.${i}`) ? readFileSync(join(log, `stdin.${i}`), 'utf8') : undefined;
    calls.push(stdin === undefined ? { argv } : { argv, stdin });
  }
  return { calls, files: readdirSync(dir).sort(), status: r.status, stderr: r.stderr };
}

function timelineOf(b: KwokBundle): string {
  expect(b.errors).toEqual([]);
  const f = b.files.find((x) => x.path === 'timeline.sh');
  if (!f) throw new Error('no timeline.sh');
  return f.content;
}

const cluster = [
  'apiVersion: v1', 'kind: Node', 'metadata: {name: n1}', 'status: {allocatable: {cpu: "4", memory: 8Gi}}',
  '---', 'apiVersion: apps/v1', 'kind: Deployment', 'metadata: {name: web}',
  'spec: {replicas: 1, selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: web}}, spec: {containers: [{name: c, image: nginx}]}}}',
  '---', 'apiVersion: v1', 'kind: Pod', 'metadata: {name: batch}', 'spec: {schedulingGates: [{name: example.com/quota}], containers: [{name: c, image: nginx}]}',
];
const scenarioWith = (...steps: string[]): string => [...cluster, '---', 'apiVersion: podplay/v1alpha1', 'kind: Scenario', 'metadata: {name: s}', 'spec:', '  timeline:', ...steps, ''].join('\n');
const yamlString = (s: string): string => JSON.stringify(s);

describe.each(['sh', 'bash'] as const)('timeline.sh under %s with a fake kubectl', (shell) => {
  it('values the loader lets through (annotations, condition types, a descheduler policy) run nothing', () => {
    const annotations = Object.fromEntries(HOSTILE.map((v, i) => [`example.com/note-${i}`, v]));
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'late', annotations }, spec: { containers: [{ name: 'c', image: HOSTILE[1] }] } };
    const text = scenarioWith(
      `  - {at: 1, action: apply, object: ${JSON.stringify(pod)}}`,
      `  - {at: 2, action: condition, node: n1, type: ${yamlString(HOSTILE[0]!)}, status: "True"}`,
      `  - {at: 2, action: deschedule, policy: {profiles: [{name: ${yamlString(HOSTILE[4]!)}, pluginConfig: [{name: ${yamlString(HOSTILE[5]!)}}]}]}}`,
      '  - {at: 3, action: scale, kind: Deployment, name: web, replicas: 2}',
      '  - {at: 4, action: ungate, pod: batch, gate: example.com/quota}',
    );
    const loaded = loadExpandedScenario(text);
    expect(loaded.ok).toBe(true);
    const out = run(shell, timelineOf(exportForKwok(text)));
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    expect(out.files).toEqual(['timeline.sh']);
    expect(out.calls.map((c) => c.argv)).toEqual([
      ['apply', '-f', '-'],
      ['patch', 'node', 'n1', '--subresource=status', '--type=strategic', '-p', JSON.stringify({ status: { conditions: [{ type: HOSTILE[0], status: 'True' }] } })],
      ['scale', 'deployment/web', '-n', 'default', '--replicas=2'],
      ['patch', 'pod', 'batch', '-n', 'default', '--type=json', '-p', '[{"op":"test","path":"/spec/schedulingGates/0/name","value":"example.com/quota"},{"op":"remove","path":"/spec/schedulingGates/0"}]'],
    ]);
    // what kubectl apply reads is the pod, every hostile value intact
    const applied = parseAllDocuments(out.calls[0]!.stdin!).map((d) => d.toJS() as Record<string, any>); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(applied).toHaveLength(1);
    expect(applied[0]!.metadata).toEqual({ name: 'late', namespace: 'default', annotations });
    expect(applied[0]!.spec.containers).toEqual([{ name: 'c', image: HOSTILE[1] }]);
  });

  it('names that bypass the loader (the exporter called with a hostile scenario) are left out; the rest runs', () => {
    const text = scenarioWith('  - {at: 1, action: cordon, node: n1}');
    const loaded = loadExpandedScenario(text);
    if (!loaded.ok) throw new Error('the base scenario should load');
    const source = { line: 1, column: 1 };
    const hostile = (i: number) => HOSTILE[i % HOSTILE.length]!;
    const steps: TimelineStep[] = [
      { at: 1, source, action: 'scale', kind: 'Deployment', name: hostile(7), namespace: 'default', replicas: 2 },
      { at: 1, source, action: 'scale', kind: 'Deployment', name: 'web', namespace: hostile(1), replicas: 2 },
      { at: 1, source, action: 'scale', kind: 'Deployment', name: 'web', namespace: 'default', replicas: hostile(0) as unknown as number },
      { at: 2, source, action: 'ungate', pod: { namespace: 'default', name: 'batch' }, gate: hostile(4) },
      { at: 2, source, action: 'ungate', pod: { namespace: 'default', name: hostile(2) } },
      { at: 3, source, action: 'delete', kind: 'Pod', name: hostile(1), namespace: 'default' },
      { at: 3, source, action: 'delete', kind: hostile(3), name: 'batch', namespace: 'default' },
      { at: 4, source, action: 'taint', node: hostile(2), taint: { key: 'k', value: 'v', effect: 'NoSchedule' } },
      { at: 4, source, action: 'taint', node: 'n1', taint: { key: hostile(0), value: 'v', effect: 'NoSchedule' } },
      { at: 4, source, action: 'untaint', node: 'n1', key: 'k', effect: hostile(6) as 'NoSchedule' },
      { at: 5, source, action: 'label', node: 'n1', labels: { [hostile(3)]: 'v' } },
      { at: 5, source, action: 'label', node: 'n1', labels: { k: hostile(1) } },
      { at: 6, source, action: 'evict', pod: { namespace: 'default', name: hostile(5) } },
      { at: 6, source, action: 'cordon', node: '--all' },
      { at: 7, source, action: 'condition', node: hostile(4), type: 'Ready', status: 'False' },
      { at: hostile(4) as unknown as number, source, action: hostile(4) as 'cordon', node: 'n1' },
      // the one step that is what it says
      { at: 8, source, action: 'scale', kind: 'Deployment', name: 'web', namespace: 'default', replicas: 3 },
    ];
    const scenario: ExpandedScenario = { ...loaded.scenario, timeline: steps };
    const bundle = exportForKwok(text, { loaded: scenario });
    const script = timelineOf(bundle);
    expect(bundle.warnings.filter((w) => w.includes('is left out'))).toHaveLength(15);
    const out = run(shell, script);
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    expect(out.files).toEqual(['timeline.sh']);
    expect(out.calls).toEqual([{ argv: ['scale', 'deployment/web', '-n', 'default', '--replicas=3'] }]);
    // every comment stays one line: no line of the script is anything but a comment, blank, or ours
    const lines = script.split('\n');
    expect(lines.filter((l) => l && !l.startsWith('#') && !l.startsWith('sleep ') && l !== 'set -e')).toEqual(['kubectl scale deployment/web -n default --replicas=3']);
  });
});

describe('shell words', () => {
  const strings = [...HOSTILE, '', ' ', "'", "''", '\\', '-n', '*', '~', '!', '$HOME', '${PATH}', 'a b\tc', 'é日本🎉'];
  it.each(['sh', 'bash'] as const)('%s reads every shQuote word back as the same string', (shell) => {
    const script = `for a in ${strings.map(shQuote).join(' ')}; do printf '%s\\0' "$a"; done`;
    const r = spawnSync(shell, [...noStartupFiles[shell], '-c', script], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: '/usr/bin:/bin' } });
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\0').slice(0, -1)).toEqual(strings);
  });

  it('a here-document ends at its own delimiter only', () => {
    const lines = ['EOF', 'EOF_1', 'x'];
    const doc = hereDocument('cat', lines);
    expect(doc[0]).toBe("cat <<'EOF_2'");
    const r = spawnSync('sh', ['-c', doc.join('\n')], { encoding: 'utf8', env: { PATH: '/usr/bin:/bin' } });
    expect(r.stdout).toBe('EOF\nEOF_1\nx\n');
  });
});

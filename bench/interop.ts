// npx tsx bench/interop.ts — the importers and exporters of src/interop on a 300-node,
// 5,000-pod `kubectl get nodes,pods -A` dump (src/interop/testing/clusterDump.ts), as YAML and as
// JSON: parse, normalise and write; the KWOK export of the result; and, for scale, the `yaml`
// package reading the same dump (what the importer would cost without its fast reader).
// Target (idle machine): a 5,000-pod dump imported in well under 2 s from YAML, under 1 s from JSON.
//
//   npx tsx bench/interop.ts            every case
//   npx tsx bench/interop.ts --slow     also time the yaml package on the YAML dump (about a minute)

import { loadExpandedScenario } from '../src/engine/index';
import { exportForKwok } from '../src/interop/kwokExport';
import { normalizeKubectlDump } from '../src/interop/kubectl';
import { generateClusterDump } from '../src/interop/testing/clusterDump';
import { slowParseYaml } from '../src/interop/yaml';

const slow = process.argv.includes('--slow');
const cpuMs = (from: NodeJS.CpuUsage) => { const u = process.cpuUsage(from); return (u.user + u.system) / 1e3; };
const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

function time<T>(label: string, run: () => T): T {
  run(); // warm up the JIT on the same input
  const wall = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const result = run();
  const wallMs = Number(process.hrtime.bigint() - wall) / 1e6;
  console.log(`${label.padEnd(44)} ${wallMs.toFixed(0).padStart(6)} ms wall ${cpuMs(cpu).toFixed(0).padStart(6)} ms CPU`);
  return result;
}

const size = { nodes: 300, pods: 5000 };
const yaml = generateClusterDump({ ...size, format: 'yaml' });
const json = generateClusterDump({ ...size, format: 'json' });
console.log(`dump: ${size.nodes} nodes, ${size.pods} pods; YAML ${mb(yaml.text.length)}, JSON ${mb(json.text.length)}`);

const fromYaml = time('normalizeKubectlDump (YAML)', () => normalizeKubectlDump(yaml.text));
const fromJson = time('normalizeKubectlDump (JSON)', () => normalizeKubectlDump(json.text));
if (fromYaml.yaml !== fromJson.yaml) {
  console.error('YAML and JSON imports differ');
  process.exitCode = 1;
}
console.log(`scenario: ${mb(fromYaml.stats.bytesOut)}, ${fromYaml.stats.pods.bound} running + ${fromYaml.stats.pods.pending} pending pods, reader ${fromYaml.stats.reader}`);
const loaded = time('loadScenario (engine) of the imported scenario', () => loadExpandedScenario(fromYaml.yaml));
if (!loaded.ok) {
  console.error('the imported scenario does not load:', loaded.errors.slice(0, 3));
  process.exitCode = 1;
}
const bundle = time('exportForKwok (scenario already loaded)', () => exportForKwok(fromYaml.yaml, loaded.ok ? { loaded: loaded.scenario } : {}));
console.log(`bundle: ${bundle.files.length} files, ${mb(bundle.files.reduce((n, f) => n + f.content.length, 0))}${bundle.errors.length ? `, errors: ${bundle.errors.slice(0, 3).join('; ')}` : ''}`);
if (slow) time('yaml package parseAllDocuments (YAML dump)', () => slowParseYaml(yaml.text));

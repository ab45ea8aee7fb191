// The "what would make it schedulable" search on a big dump: time to the first and to all verified
// fixes for Pending pods (each fix is a whole simulation of the scenario with the change), as the
// browser's fix worker runs it. Part of `npm run bench` (`--only fixes`).

import { startLoadedSimulation } from '../src/engine/index';
import { loadExpandedScenario } from '../src/engine/index';
import { copyScenario } from '../src/engine/whatIf/edits';
import { searchFixes } from '../src/engine/whatIf/verify';
import { importAny } from '../src/interop';
import { pendingClusterDump } from '../src/interop/testing/pendingClusterDump';
import { kubectlDump } from './scenarios';

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;

function measure(name: string, text: string, pods: number): void {
  const loaded = loadExpandedScenario(text, 'bench.yaml');
  if (!loaded.ok) throw new Error(`${name}: errors`);
  const started = startLoadedSimulation(copyScenario(loaded.scenario));
  if (!started.ok) throw new Error(`${name}: errors`);
  for (const _cycle of started.simulation.run()) { /* to the end */ }
  const baseline = started.simulation.result();
  const pending = baseline.pods.filter((p) => p.phase === 'Pending' && p.deletedAt === undefined).slice(0, pods);
  if (pending.length === 0) console.log(`${name.padEnd(34)} no pod is Pending at the end of the run: nothing to fix`);
  for (const pod of pending) {
    const t = process.hrtime.bigint();
    const search = searchFixes(loaded.scenario, baseline, pod.pod);
    let first: number | undefined;
    let verified = 0;
    for (let f = search.next(); f !== undefined; f = search.next()) {
      if (f === null) continue;
      verified++;
      first ??= ms(t);
    }
    const all = ms(t);
    console.log(`${name.padEnd(34)} ${pod.pod.slice(0, 44).padEnd(44)} first verified fix ${first === undefined ? '     —' : `${first.toFixed(0).padStart(6)} ms`}, all ${all.toFixed(0).padStart(6)} ms (${verified} of ${search.candidates.length} candidates verified, ${search.leftOut} left out)`);
  }
}

export function benchFixes(): void {
  measure('fixes: 20-node dump (fixture)', importAny(pendingClusterDump(), { source: 'fixture' }).yaml, 7);
  // the generated dump's pods all find a node: add two that cannot (a selector no node matches, a request too big)
  const stuck = (name: string, spec: string) => `\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: ${name}, namespace: default}\nspec: {${spec}, containers: [{name: c, image: nginx, resources: {requests: {cpu: "1"}}}]}\n`;
  // and one with a zone typo beside the ssd selector: seven candidates, several of them its own
  // constraints only, which re-run from a snapshot before its first cycle (engine/whatIf/variantSnapshot.ts)
  const dump = kubectlDump({ nodes: 300, pods: 5000, pending: 100 }) + stuck('wants-ssd', 'nodeSelector: {disktype: ssd}') + stuck('pinned-to-control-plane', 'nodeSelector: {node-role.kubernetes.io/control-plane: ""}')
    + stuck('zone-typo', 'nodeSelector: {topology.kubernetes.io/zone: eu-west-1x, disktype: ssd}, tolerations: [{key: dedicated, operator: Exists}]');
  measure('fixes: kubectl dump 300 nodes/5,000', dump, 3);
  // issue 23 (Major 5): a pod whose node affinity has 1,200 expressions, one of them no node meets
  // (each was a candidate, once re-run in full): the search verifies at most MAX_CANDIDATES of them,
  // says how many it left out, and shows its first verified fix within 2 s
  const expressions = [...Array.from({ length: 1199 }, (_, i) => `{key: k${i}, operator: NotIn, values: [v${i}]}`), '{key: disktype, operator: In, values: [ssd]}'].join(', ');
  measure('fixes: 1,200 affinity expressions', kubectlDump({ nodes: 100, pods: 1000, pending: 0 }) + stuck('picky', `affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchExpressions: [${expressions}]}]}}}`), 1);
}

// The Kubernetes version in the header (issue 17): "kube-scheduler v1.37", the version the run on
// screen simulated (why, on hover), and a selector that writes `spec.kubernetesVersion` into the
// scenario's text (the YAML stays the single source of truth, so a link carries it) and re-runs.

import { usePodplay, usePodplayStore } from '../../store/hooks';
import {
  SCENARIO_KUBERNETES_VERSIONS, scenarioKubernetesVersion, scenarioRunsAs, type ScenarioKubernetesVersion,
} from '../../interop/scenarioVersion';
import { applyChangesInEditor } from '../editor/bridge';
import type { RunKubernetesVersion } from '../../worker/protocol';

/** The one change that turns `before` into `after` (their common start and end left alone). */
function oneChange(before: string, after: string): { from: number; to: number; insert: string } {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  return { from: start, to: before.length - end, insert: after.slice(start, after.length - end) };
}

/** What the header says: the run's version as the engine reported it, else what the text declares. */
export function shownVersion(run: RunKubernetesVersion | undefined, text: string): RunKubernetesVersion {
  if (run !== undefined) return run;
  const declared = scenarioKubernetesVersion(text) !== undefined;
  return {
    version: scenarioRunsAs(text), source: declared ? 'scenario' : 'default',
    detail: declared ? 'spec.kubernetesVersion of the Scenario document' : 'the scenario does not say spec.kubernetesVersion: the newest version',
  };
}

export function KubernetesVersion() {
  const store = usePodplayStore();
  const run = usePodplay((s) => s.run?.summary.kubernetesVersion);
  const runText = usePodplay((s) => s.run?.text);
  const text = usePodplay((s) => s.text);
  const shown = shownVersion(run, runText ?? text);
  const choose = async (version: ScenarioKubernetesVersion) => {
    // the writer brings the `yaml` package: fetched when a version is first chosen
    const { withKubernetesVersion } = await import('../../interop/scenarioVersionEdit');
    const before = store.getState().text;
    const after = withKubernetesVersion(before, version);
    if (after === before) return;
    // one edit in the editor, so one undo takes it back
    if (!applyChangesInEditor([oneChange(before, after)])) store.getState().setText(after);
    if (store.getState().text !== after) store.getState().setText(after);
    store.getState().simulateNow();
  };
  // one control: it reads "kube-scheduler v1.37" (the run's version) and opens on the others
  return (
    <span className="k8s-version" data-testid="kubernetes-version" data-version={shown.version} data-source={shown.source} title={`Simulated as kube-scheduler v${shown.version}: ${shown.detail}. Choose another version to set spec.kubernetesVersion in the scenario and simulate it again.`}>
      <select
        aria-label="Kubernetes version simulated"
        data-testid="kubernetes-version-select"
        value={shown.version}
        onChange={(e) => void choose(e.target.value as ScenarioKubernetesVersion)}
      >
        {SCENARIO_KUBERNETES_VERSIONS.map((v) => <option key={v} value={v}>kube-scheduler v{v}</option>)}
        {!(SCENARIO_KUBERNETES_VERSIONS as readonly string[]).includes(shown.version) && <option value={shown.version} disabled>kube-scheduler v{shown.version}</option>}
      </select>
    </span>
  );
}

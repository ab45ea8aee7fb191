// Test fixtures for preemption, after upstream's pkg/scheduler/testing/framework/fake_plugins.go
// (TrueFilter, FalseFilter, MatchFilter, FakeFilter) and the TestPlugin of
// defaultpreemption/default_preemption_test.go. Only tests import this file.

import { CycleState } from '../framework/cycleState';
import { NodeToStatus, type Handle, type Plugin } from '../framework/interfaces';
import type { PodInfo } from '../framework/podInfo';
import { Status } from '../framework/status';
import type { StatusCode } from '../api';
import type { LabelSelector, PodDisruptionBudget } from '../model/types';
import type { TestEnv } from '../testing/framework';

/** upstream: ErrReasonFake */
export const ErrReasonFake = 'Nodes failed the fake plugin';

export const trueFilter = (): Plugin => ({ name: 'TrueFilter', filter: () => Status.success() });
export const falseFilter = (): Plugin => ({ name: 'FalseFilter', filter: () => Status.unschedulable(ErrReasonFake) });
/** passes only on the node named like the pod */
export const matchFilter = (): Plugin => ({
  name: 'MatchFilter',
  filter: (_s, pod, nodeInfo) => (nodeInfo.name === pod.pod.metadata.name ? Status.success() : Status.unschedulable(ErrReasonFake)),
});

/** upstream: FakeFilterPlugin — counts calls; returns the code mapped to the node (Success if none). */
export function fakeFilter(codes: Record<string, StatusCode> = {}): Plugin & { numFilterCalled: number } {
  const p = {
    name: 'FakeFilter',
    numFilterCalled: 0,
    filter: (_s: CycleState, pod: PodInfo, nodeInfo: { name: string }) => {
      p.numFilterCalled++;
      const code = codes[nodeInfo.name];
      return code === undefined || code === 'Success' ? Status.success() : Status.of(code, `injecting failure for pod ${pod.pod.metadata.name}`);
    },
  };
  return p;
}

/** upstream's TestPlugin: its PreFilter extensions fail on nodes labelled error=true. */
export const errorOnLabelledNodes = (): Plugin => ({
  name: 'test-plugin',
  preFilter: () => ({ status: Status.success() }),
  filter: () => Status.success(),
  preFilterExtensions: () => ({
    addPod: (_s, pod, _p, nodeInfo) => (nodeInfo.node.metadata.labels?.['error'] === 'true' ? Status.error(`failed to add pod: ${pod.pod.metadata.name}`) : Status.success()),
    removePod: (_s, pod, _p, nodeInfo) => (nodeInfo.node.metadata.labels?.['error'] === 'true' ? Status.error(`failed to remove pod: ${pod.pod.metadata.name}`) : Status.success()),
  }),
});

/** The framework runtime's wrapping of a failed PreFilter extension (see runtime.ts), for test envs. */
export function wrapExtensionErrors(env: TestEnv): void {
  const run = (op: 'AddPod' | 'RemovePod'): Handle['runPreFilterExtensionAddPod'] => (state, pod, other, nodeInfo) => {
    for (const p of env.plugins) {
      if (state.skipFilterPlugins.has(p.name)) continue;
      const ext = p.preFilterExtensions?.();
      if (!ext) continue;
      const s = op === 'AddPod' ? ext.addPod(state, pod, other, nodeInfo) : ext.removePod(state, pod, other, nodeInfo);
      if (!s.isSuccess()) return Status.error(`running ${op} on PreFilter plugin "${p.name}": ${s.message()}`).withPlugin(p.name);
    }
    return Status.success();
  };
  env.handle.runPreFilterExtensionAddPod = run('AddPod');
  env.handle.runPreFilterExtensionRemovePod = run('RemovePod');
}

/** Runs every PreFilter of the env's plugins, as RunPreFilterPlugins does, so the state is filled. */
export function preFilterState(env: TestEnv, pod: PodInfo): CycleState {
  const state = new CycleState();
  for (const p of env.plugins) {
    if (!p.preFilter) continue;
    const { status } = p.preFilter(state, pod, env.snapshot.nodeInfoList);
    if (status.isSkip()) state.skipFilterPlugins.add(p.name);
  }
  return state;
}

/** upstream: framework.NewNodeToStatus(map, absent) with status codes only. */
export function nodeStatuses(codes: Record<string, StatusCode>, absent: StatusCode = 'UnschedulableAndUnresolvable'): NodeToStatus {
  const m = new NodeToStatus(Status.of(absent));
  for (const [node, code] of Object.entries(codes)) m.set(node, Status.of(code));
  return m;
}

/** upstream: st.MakePDB() */
export class PdbWrapper {
  readonly pdb: PodDisruptionBudget = { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: '', namespace: 'default' }, spec: {}, status: {} };

  name(n: string): this { this.pdb.metadata.name = n; return this; }
  namespace(ns: string): this { this.pdb.metadata.namespace = ns; return this; }
  matchLabel(k: string, v: string): this { ((this.pdb.spec.selector ??= {}).matchLabels ??= {})[k] = v; return this; }
  selector(s: LabelSelector | undefined): this { if (s) this.pdb.spec.selector = s; else delete this.pdb.spec.selector; return this; }
  minAvailable(v: number | string): this { this.pdb.spec.minAvailable = v; return this; }
  maxUnavailable(v: number | string): this { this.pdb.spec.maxUnavailable = v; return this; }
  disruptionsAllowed(n: number): this { this.pdb.status.disruptionsAllowed = n; return this; }
  disruptedPods(pods: Record<string, number>): this { this.pdb.status.disruptedPods = pods; return this; }
  obj(): PodDisruptionBudget { return this.pdb; }
}

export const makePdb = (): PdbWrapper => new PdbWrapper();

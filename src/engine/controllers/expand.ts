// The last stage of loading: the workload controllers run once over the admitted objects, as
// kube-controller-manager does when it starts against a cluster whose objects all exist. The
// simulation drives it (../index.ts), never the loader (../model/load.ts), so loading stays one way:
//   parse → decode and validate (model) → admit (model/admission) → expand (here).
// Objects that controllers make from other objects (claims from templates, PVCs from ephemeral
// volumes) belong here too, one controller a step, each creating through admission.

import { admitPodGroupPriority } from '../model/admission/podGroupPriority';
import type { ScenarioError } from '../api';
import type { AdmissionContext } from '../model/admission';
import type { LoadedScenario, ScenarioContents } from '../model/load';
import type { Pod, Workload } from '../model/types';
import { expandWorkload } from './index';
import { PolicyStore } from '../model/policy';
import { resolveKubernetesVersion, versionFeatureGates, versionSwitches, type KubernetesVersion } from '../versions';

/** A scenario whose workloads have made their pods and ReplicaSets: what a simulation starts from. */
export interface ExpandedScenario extends ScenarioContents {
  readonly expanded: true;
}

export type ExpandResult = { ok: true; scenario: ExpandedScenario } | { ok: false; errors: ScenarioError[]; warnings: ScenarioError[] };

/** The admission context at simulated time 0, from the loaded objects. */
function admissionContext(s: ScenarioContents): AdmissionContext {
  return {
    nodes: new Map(s.nodes.map((n) => [n.metadata.name, n])),
    namespaces: new Map(s.namespaces.map((n) => [n.metadata.name, n])),
    priorityClasses: new Map(s.priorityClasses.map((p) => [p.metadata.name, p])),
    runtimeClasses: new Map(s.runtimeClasses.map((r) => [r.metadata.name, r])),
    names: s.names,
    now: 0,
    policies: new PolicyStore(s.policies ?? [], s.admissionConfiguration?.limitedResources),
  };
}

/**
 * Runs every declared workload's controller once, in document order; a ReplicaSet a Deployment
 * makes runs right after it. Their pods go through admission; their warnings are reported at the
 * workload that caused them. Takes ownership of the loaded objects (and its name generator).
 */
export function expandScenario(loaded: LoadedScenario, kubernetesVersion?: KubernetesVersion): ExpandedScenario {
  const { workloadSources, problems, ...contents } = loaded;
  const diag = problems.clone();
  // the version and gates the run will use (index.ts resolves them the same way)
  const switches = versionSwitches(resolveKubernetesVersion(contents.meta.kubernetesVersion, kubernetesVersion).version);
  const gates = versionFeatureGates(switches, contents.meta.featureGates);
  const schedulingWorkloads = [...(contents.schedulingWorkloads ?? [])];
  const podGroups = [...(contents.podGroups ?? [])];
  const byName = <T extends { metadata: { namespace?: string; name: string } }>(list: T[]) => new Map(list.map((o) => [`${o.metadata.namespace ?? 'default'}/${o.metadata.name}`, o]));
  const ctx = { ...admissionContext(contents), gates, switches };
  const pods: Pod[] = [...contents.pods];
  const admissionEvents = [...contents.admissionEvents];
  const workloads: Workload[] = [...contents.workloads];
  const sourceOf = new Map(workloads.map((w, i) => [w, workloadSources[i]]));
  // a ReplicaSet a Deployment makes has been synced inside the Deployment's expansion
  const synced = new Set<Workload>();
  for (let i = 0; i < workloads.length; i++) {
    const w = workloads[i]!;
    if (synced.has(w)) continue;
    const result = expandWorkload(w, { ...ctx, pods, workloads, schedulingWorkloads: byName(schedulingWorkloads), podGroups: byName(podGroups) });
    // the controller's status update (a Job's Suspended condition) replaces the object it synced
    if (result.status) {
      const updated = { ...w, status: result.status };
      workloads[i] = updated;
      sourceOf.set(updated, sourceOf.get(w));
    }
    schedulingWorkloads.push(...(result.schedulingWorkloads ?? []));
    for (const g of result.podGroups ?? []) {
      // the Priority admission plugin on create (model/admission/podGroupPriority.ts)
      const admitted = gates.WorkloadAwarePreemption ? admitPodGroupPriority(g, ctx.priorityClasses) : {};
      if ('refused' in admitted) admissionEvents.push({ time: 0, type: 'Warning', reason: 'FailedCreate', object: `${w.kind}/${w.metadata.namespace ?? 'default'}/${w.metadata.name}`, message: `Error creating: ${admitted.refused}` });
      else podGroups.push(g);
    }
    workloads.splice(i + 1, 0, ...result.workloads);
    for (const made of result.workloads) synced.add(made);
    pods.push(...result.pods);
    admissionEvents.push(...result.events);
    const source = sourceOf.get(w);
    for (const msg of result.warnings) {
      if (source) diag.add('warnings', source.pos, `${source.subject}: ${msg}`);
      else diag.add('warnings', { line: 1, column: 1 }, msg);
    }
  }
  return { ...contents, pods, workloads, schedulingWorkloads, podGroups, admissionEvents, warnings: diag.reported('warnings'), expanded: true };
}

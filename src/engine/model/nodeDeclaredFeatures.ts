// Node declared features (KEP-5328, alpha in v1.35): the kubelet lists the new, feature-gated
// node features it has in status.declaredFeatures; the scheduler infers from a pod's spec which of
// them the pod needs. upstream: staging/src/k8s.io/component-helpers/nodedeclaredfeatures
// (framework.go InferForPodScheduling, features/registry.go AllFeatures, one package a feature).

import type { PodSpec } from './types';

/** upstream: nodedeclaredfeatures.Feature, the part scheduling reads */
export interface DeclaredFeature {
  name: string;
  /** the pod needs a node that declares it */
  inferForScheduling(spec: PodSpec): boolean;
}

/**
 * upstream: features.AllFeatures in v1.35 — GuaranteedQoSPodCPUResize is needed only by pod
 * updates (resizes), never for scheduling; RestartAllContainersOnContainerExits by a pod with a
 * RestartAllContainers restart rule. Sorted by name, as ndf.New sorts them. None has a MaxVersion.
 */
export const DECLARED_FEATURES: readonly DeclaredFeature[] = [
  // upstream: features/inplacepodresize/guaranteed_cpu_resize.go
  { name: 'GuaranteedQoSPodCPUResize', inferForScheduling: () => false },
  // upstream: features/restartallcontainers/restart_all_containers.go
  {
    name: 'RestartAllContainersOnContainerExits',
    inferForScheduling: (spec) => [...spec.containers, ...(spec.initContainers ?? [])]
      .some((c) => (c.restartPolicyRules ?? []).some((rule) => rule.action === 'RestartAllContainers')),
  },
];

/** upstream: Framework.InferForPodScheduling — the features the pod needs, sorted. */
export function inferForPodScheduling(spec: PodSpec, registry: readonly DeclaredFeature[] = DECLARED_FEATURES): string[] {
  return registry.filter((f) => f.inferForScheduling(spec)).map((f) => f.name).sort();
}

/** upstream: MatchNodeFeatureSet's UnsatisfiedRequirements — what the node lacks, sorted. */
export function unsatisfiedRequirements(required: readonly string[], declared: readonly string[] | undefined): string[] {
  const has = new Set(declared ?? []);
  return required.filter((f) => !has.has(f)).sort();
}

// A scenario's scheduling.k8s.io Workload and PodGroup objects written in the version a Kubernetes
// version serves: v1alpha2 at 1.36, v1beta1 at 1.37 (kubernetes PR #138572 dropped v1alpha2 in
// 1.37). For tests that run one example scenario at both versions. Handles the flow-style spellings
// the example scenarios use: podGroupTemplateRef: {workload: {workloadName: w, podGroupTemplateName: t}}
// ↔ workloadRef: {workloadName: w, templateName: t}, and disruptionMode PodGroup / Pod ↔ {all: {}} /
// {single: {}}.

import type { KubernetesVersion } from '../versions';

const V1ALPHA2_REF = /podGroupTemplateRef: \{workload: \{workloadName: ([^,}]+), podGroupTemplateName: ([^,}]+)\}\}/g;
const V1BETA1_REF = /workloadRef: \{workloadName: ([^,}]+), templateName: ([^,}]+)\}/g;

export function schedulingApiFor(yaml: string, version: KubernetesVersion): string {
  if (version === '1.35') return yaml;
  if (version === '1.36') {
    return yaml.replaceAll('apiVersion: scheduling.k8s.io/v1beta1', 'apiVersion: scheduling.k8s.io/v1alpha2')
      .replace(V1BETA1_REF, 'podGroupTemplateRef: {workload: {workloadName: $1, podGroupTemplateName: $2}}')
      .replaceAll('disruptionMode: {all: {}}', 'disruptionMode: PodGroup')
      .replaceAll('disruptionMode: {single: {}}', 'disruptionMode: Pod');
  }
  return yaml.replaceAll('apiVersion: scheduling.k8s.io/v1alpha2', 'apiVersion: scheduling.k8s.io/v1beta1')
    .replace(V1ALPHA2_REF, 'workloadRef: {workloadName: $1, templateName: $2}')
    .replaceAll('disruptionMode: PodGroup', 'disruptionMode: {all: {}}')
    .replaceAll('disruptionMode: Pod\n', 'disruptionMode: {single: {}}\n');
}

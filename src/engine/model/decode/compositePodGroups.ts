// scheduling.k8s.io/v1alpha3 CompositePodGroup and a Workload's compositePodGroupTemplates
// (v1.37 alpha, feature gate CompositePodGroup; KEP-6012), validated and defaulted as the API
// server does. upstream: staging/src/k8s.io/api/scheduling/v1alpha3/types.go (CompositePodGroup,
// CompositePodGroupSpec, CompositePodGroupSchedulingPolicy, CompositeGangSchedulingPolicy,
// CompositePodGroupTemplate, WorkloadMaxTreeDepth = 4) and KEP-6012's "API validation": the
// template tree at most 4 levels deep, template names unique in the whole tree, a composite
// template with at least one child, and an `All` composite template only with `All` children.
// The hand-written messages of those four checks were not in the stored sources: the wording is
// Podplay's, in the API server's field-error form. A CompositePodGroup's schedulingConstraints and
// disruptionMode follow KEP-6012's CompositePodGroupSpec (the first v1alpha3 types.go of the
// index had neither; the later API, read through its generated clients, has both).

import { SCHEDULING_V1ALPHA3, type CompositePodGroup, type PodGroupApiVersion, type PodGroupPolicyFields, type CompositePodGroupSchedulingPolicy, type CompositePodGroupTemplate, type PodGroupTemplate } from '../types';
import type { ScenarioObject } from '../scenario';
import type { Path, Reader } from '../decoder';
import type { SrcMap } from '../source';
import { isDNS1123Label, isDNS1123Subdomain, invalid, required, duplicate } from '../validation';
import { decodeMetadata } from './metadata';
import { decodeBasicOrGang } from './basicOrGang';
import { versionsSince } from '../../versions';

/** upstream: WorkloadMaxTreeDepth — the deepest a tree of (composite) pod group templates may be */
export const WORKLOAD_MAX_TREE_DEPTH = 4;
/** upstream: the +k8s:maxItems=8 of each template list */
const MAX_TEMPLATES = 8;

/** The versions whose API server serves scheduling.k8s.io/v1alpha3 CompositePodGroup (with the gate). */
export const COMPOSITE_POD_GROUP_SERVED = versionsSince('1.37');

/** CompositePodGroupSchedulingPolicy: exactly one of `basic` and `gang`; gang.minGroupCount ≥ 1. */
export function decodeCompositeSchedulingPolicy(r: Reader, parent: SrcMap, parentPath: Path): CompositePodGroupSchedulingPolicy | undefined {
  const policy = decodeBasicOrGang(r, parent, [...parentPath, 'schedulingPolicy'], 'schedulingPolicy', 'minGroupCount');
  if (!policy) return undefined;
  return 'basic' in policy ? { basic: {} } : { gang: { minGroupCount: policy.count } };
}

/** workloadRef {workloadName (DNS subdomain), templateName (DNS label)}, both required. */
function decodeWorkloadRef(r: Reader, spec: SrcMap, path: Path): { workloadName: string; templateName: string } | undefined {
  const ref = r.map(r.child(spec, 'workloadRef'), path);
  if (!ref) return undefined;
  r.knownFields(ref, path, new Set(['workloadName', 'templateName']));
  const field = (key: string, check: (v: string) => string[]) => {
    const v = r.reqStr(ref, path, key);
    if (v) for (const msg of check(v)) r.error(r.child(ref, key)!.pos, [...path, key], invalid(v, msg));
    return v || undefined;
  };
  const workloadName = field('workloadName', isDNS1123Subdomain);
  const templateName = field('templateName', isDNS1123Label);
  return workloadName && templateName ? { workloadName, templateName } : undefined;
}

/** A parent name (DNS subdomain), for a PodGroup's or a CompositePodGroup's parentCompositePodGroupName. */
export function decodeParentName(r: Reader, spec: SrcMap, path: Path): string | undefined {
  const v = r.str(spec, path, 'parentCompositePodGroupName');
  if (v === undefined) return undefined;
  const p = [...path, 'parentCompositePodGroupName'];
  const pos = r.child(spec, 'parentCompositePodGroupName')!.pos;
  if (v === '') { r.error(pos, p, required()); return undefined; }
  const problems = isDNS1123Subdomain(v);
  for (const msg of problems) r.error(pos, p, invalid(v, msg));
  return problems.length === 0 ? v : undefined;
}

/** podGroups.ts's decoder of the fields templates and groups share (passed in: that module imports this one) */
interface Decoders { policyExtras: (r: Reader, m: SrcMap, path: Path, apiVersion: PodGroupApiVersion) => Omit<PodGroupPolicyFields, 'schedulingPolicy'> }

/**
 * scheduling.k8s.io/v1alpha3 CompositePodGroup (v1.37, the CompositePodGroup gate): the API server
 * serves the kind only with the gate on, and only from 1.37. disruptionMode defaults to Single.
 */
export function decodeCompositePodGroup(r: Reader, root: SrcMap, decoders: Decoders): ScenarioObject {
  const apiPos = root.entries.get('apiVersion')?.value.pos ?? root.pos;
  r.versioned(COMPOSITE_POD_GROUP_SERVED, apiPos, ['apiVersion'], `no matches for kind "CompositePodGroup" in version "${SCHEDULING_V1ALPHA3}": served from Kubernetes 1.37 on (Scenario spec.kubernetesVersion), as an alpha API`);
  r.gatedValue('CompositePodGroup', root.entries.get('kind')?.value.pos ?? root.pos, ['kind'], `no matches for kind "CompositePodGroup" in version "${SCHEDULING_V1ALPHA3}": the API server serves it only with the feature gate on`);
  r.knownFields(root, [], new Set(['apiVersion', 'kind', 'metadata', 'spec', 'status']));
  const metadata = decodeMetadata(r, root, { namespaced: true, validateName: isDNS1123Subdomain });
  const sp: Path = ['spec'];
  const spec = r.map(r.child(root, 'spec'), sp);
  const out: CompositePodGroup = { apiVersion: SCHEDULING_V1ALPHA3, kind: 'CompositePodGroup', metadata, spec: { schedulingPolicy: { basic: {} }, disruptionMode: 'Single' } };
  if (!spec) { r.requiredMissing(root, [], 'spec'); return out; }
  r.knownFields(spec, sp, new Set(['parentCompositePodGroupName', 'workloadRef', 'schedulingPolicy', 'schedulingConstraints', 'disruptionMode', 'priorityClassName', 'priority']));
  const parent = decodeParentName(r, spec, sp);
  if (parent) out.spec.parentCompositePodGroupName = parent;
  // upstream: WorkloadRef +k8s:required — no standalone CompositePodGroups (KEP-6012)
  if (!r.has(spec, 'workloadRef')) r.requiredMissing(spec, sp, 'workloadRef');
  const ref = decodeWorkloadRef(r, spec, [...sp, 'workloadRef']);
  if (ref) out.spec.workloadRef = ref;
  const policy = decodeCompositeSchedulingPolicy(r, spec, sp);
  if (policy) out.spec.schedulingPolicy = policy;
  const extras = decoders.policyExtras(r, spec, sp, SCHEDULING_V1ALPHA3);
  Object.assign(out.spec, extras, { disruptionMode: extras.disruptionMode ?? 'Single' });
  if (out.spec.schedulingConstraints) {
    r.droppedWithoutGate('TopologyAwareWorkloadScheduling', r.entry(spec, 'schedulingConstraints')!.keyPos, [...sp, 'schedulingConstraints'], () => { delete out.spec.schedulingConstraints; });
  }
  return out;
}

/**
 * A Workload's spec.compositePodGroupTemplates (v1alpha3/v1beta1, the CompositePodGroup gate):
 * each a name, a composite schedulingPolicy, optional constraints, disruptionMode and priority,
 * and its children — podGroupTemplates (decoded by `podGroupTemplate`) and nested
 * compositePodGroupTemplates.
 */
export function decodeCompositeTemplates(
  r: Reader, spec: SrcMap, path: Path, decoders: Decoders,
  podGroupTemplate: (r: Reader, item: SrcMap, path: Path) => PodGroupTemplate | undefined,
): CompositePodGroupTemplate[] {
  const names = new Set<string>();
  const decodeList = (parent: SrcMap, listPath: Path, depth: number): CompositePodGroupTemplate[] => {
    const items = r.list(r.child(parent, 'compositePodGroupTemplates'), listPath) ?? [];
    if (items.length > MAX_TEMPLATES) r.error(r.child(parent, 'compositePodGroupTemplates')!.pos, listPath, `Too many: ${items.length}: must have at most ${MAX_TEMPLATES} items`);
    const out: CompositePodGroupTemplate[] = [];
    items.forEach((item, i) => {
      const ip = [...listPath, i];
      const m = r.map(item, ip);
      if (!m) return;
      r.knownFields(m, ip, new Set(['name', 'schedulingPolicy', 'schedulingConstraints', 'disruptionMode', 'priorityClassName', 'priority', 'podGroupTemplates', 'compositePodGroupTemplates']));
      const name = r.reqStr(m, ip, 'name');
      if (name) for (const msg of isDNS1123Label(name)) r.error(r.child(m, 'name')!.pos, [...ip, 'name'], invalid(name, msg));
      // KEP-6012: template names are unique in the whole tree (a PodGroup's or CompositePodGroup's workloadRef names one)
      if (name && names.has(name)) r.error(r.child(m, 'name')!.pos, [...ip, 'name'], duplicate(name));
      if (name) names.add(name);
      if (depth > WORKLOAD_MAX_TREE_DEPTH) r.error(m.pos, ip, invalid(name ?? '', `the tree of pod group templates must not be deeper than ${WORKLOAD_MAX_TREE_DEPTH} levels`));
      const schedulingPolicy = decodeCompositeSchedulingPolicy(r, m, ip);
      const extras = decoders.policyExtras(r, m, ip, SCHEDULING_V1ALPHA3);
      const template: CompositePodGroupTemplate = { name: name ?? '', schedulingPolicy: schedulingPolicy ?? { basic: {} } };
      if (extras.schedulingConstraints) {
        template.schedulingConstraints = extras.schedulingConstraints;
        r.droppedWithoutGate('TopologyAwareWorkloadScheduling', r.entry(m, 'schedulingConstraints')!.keyPos, [...ip, 'schedulingConstraints'], () => { delete template.schedulingConstraints; });
      }
      if (extras.disruptionMode) template.disruptionMode = extras.disruptionMode;
      if (extras.priorityClassName !== undefined) template.priorityClassName = extras.priorityClassName;
      if (extras.priority !== undefined) template.priority = extras.priority;
      const lp = [...ip, 'podGroupTemplates'];
      const leaves = r.list(r.child(m, 'podGroupTemplates'), lp) ?? [];
      if (leaves.length > MAX_TEMPLATES) r.error(r.child(m, 'podGroupTemplates')!.pos, lp, `Too many: ${leaves.length}: must have at most ${MAX_TEMPLATES} items`);
      const podGroupTemplates: PodGroupTemplate[] = [];
      leaves.forEach((leaf, j) => {
        const leafPath = [...lp, j];
        const lm = r.map(leaf, leafPath);
        if (!lm) return;
        if (depth + 1 > WORKLOAD_MAX_TREE_DEPTH) r.error(lm.pos, leafPath, invalid(r.str(lm, leafPath, 'name') ?? '', `the tree of pod group templates must not be deeper than ${WORKLOAD_MAX_TREE_DEPTH} levels`));
        const t = podGroupTemplate(r, lm, leafPath);
        if (!t) return;
        if (names.has(t.name)) r.error(r.child(lm, 'name')!.pos, [...leafPath, 'name'], duplicate(t.name));
        names.add(t.name);
        podGroupTemplates.push(t);
      });
      const composites = decodeList(m, [...ip, 'compositePodGroupTemplates'], depth + 1);
      if (leaves.length === 0 && !r.has(m, 'compositePodGroupTemplates')) {
        r.error(m.pos, ip, required('at least one of `podGroupTemplates`, `compositePodGroupTemplates` must be set'));
      }
      // KEP-6012: a composite template with the All disruption mode has only All children
      if (template.disruptionMode === 'All') {
        const single = [...podGroupTemplates, ...composites].find((c) => c.disruptionMode !== 'All');
        if (single) r.error(m.pos, [...ip, 'disruptionMode'], invalid('all', `a template with disruptionMode all must have children with disruptionMode all too; ${quoteName(single.name)} is single`));
      }
      if (podGroupTemplates.length) template.podGroupTemplates = podGroupTemplates;
      if (composites.length) template.compositePodGroupTemplates = composites;
      out.push(template);
    });
    return out;
  };
  return decodeList(spec, path, 1);
}

const quoteName = (name: string) => JSON.stringify(name);

// scheduling.k8s.io Workload in its four versions and PodGroup (v1.36+), validated and defaulted
// as the API server does, and each refused by the Kubernetes versions that do not serve it.
// upstream: staging/src/k8s.io/api/scheduling/{v1alpha1,v1alpha2,v1alpha3,v1beta1}/types.go (the
// declarative validation tags: +k8s:required, +k8s:minimum=1, +k8s:maxItems=8, +k8s:listMapKey=name,
// unions), staging/src/k8s.io/api/scheduling/{v1alpha3,v1beta1}/register.go (the kinds each version
// serves), pkg/apis/scheduling/validation/validation.go (ValidateWorkload, ValidatePodGroup).
//
// Served per Kubernetes version (docs/fidelity.md "Workload / PodGroup API"): 1.35 v1alpha1
// Workload; 1.36 v1alpha2 Workload and PodGroup; 1.37 v1beta1 Workload and PodGroup and v1alpha3
// Workload, PodGroup (and CompositePodGroup, not simulated), with the same fields: kubernetes PR
// #138572 (CHANGELOG-1.37) promoted v1alpha2 to v1alpha3 and "drops v1alpha2 entirely", and the
// v1beta1 Workload/PodGroup (KEP-5832 beta in 1.37) came beside it.

import {
  SCHEDULING_V1ALPHA1, SCHEDULING_V1ALPHA2, SCHEDULING_V1ALPHA3, SCHEDULING_V1BETA1,
  type DisruptionMode, type PodGroup, type PodGroupApiVersion, type PodGroupPolicyFields, type PodGroupSchedulingPolicy,
  type GangWorkload, type PodGroupTemplate, type SchedulingWorkload, type TopologyConstraint,
} from '../types';
import type { ScenarioObject } from '../scenario';
import { defined, type Path, type Reader } from '../decoder';
import type { SrcMap } from '../source';
import { isDNS1123Label, isDNS1123Subdomain, invalid, required, duplicate } from '../validation';
import { decodeMetadata } from './metadata';
import { decodeBasicOrGang } from './basicOrGang';
import { decodeClaimReferences } from './resource';
import { quote } from '../quote';
import { versionsBefore, versionsSince } from '../../versions';
import { decodeCompositePodGroup, decodeCompositeTemplates, decodeParentName } from './compositePodGroups';

/** upstream: WorkloadMaxPodGroupTemplates */
export const WORKLOAD_MAX_POD_GROUP_TEMPLATES = 8;

/** The versions whose API servers serve each scheduling.k8s.io version of Workload and PodGroup. */
export const SCHEDULING_API_SERVED = {
  // removed in v1.36 (KEP-5832)
  [SCHEDULING_V1ALPHA1]: versionsBefore('1.36'),
  // v1.36 only: kubernetes PR #138572 (v1.37) "drops v1alpha2 entirely"
  [SCHEDULING_V1ALPHA2]: versionsSince('1.36').filter((v) => versionsBefore('1.37').includes(v)),
  // v1.37: the alpha that replaced v1alpha2 (also CompositePodGroup's version) and the beta
  [SCHEDULING_V1ALPHA3]: versionsSince('1.37'),
  [SCHEDULING_V1BETA1]: versionsSince('1.37'),
} as const satisfies Record<string, readonly string[]>;

/** The scheduling.k8s.io versions whose PodGroup is spec.workloadRef {workloadName, templateName}. */
const isBetaShaped = (v: PodGroupApiVersion): boolean => v === SCHEDULING_V1BETA1 || v === SCHEDULING_V1ALPHA3;

/** The API server's refusal of an apiVersion this Kubernetes version does not serve. */
function notServed(kind: 'Workload' | 'PodGroup', apiVersion: string): string {
  if (apiVersion === SCHEDULING_V1ALPHA1) {
    return `no matches for kind "Workload" in version "${SCHEDULING_V1ALPHA1}": scheduling.k8s.io/v1alpha1 Workload was removed in Kubernetes 1.36; use ${SCHEDULING_V1ALPHA2} (1.36) or ${SCHEDULING_V1BETA1} (1.37) Workload and PodGroup, with pod.spec.schedulingGroup.podGroupName`;
  }
  if (apiVersion === SCHEDULING_V1ALPHA2) {
    return `no matches for kind "${kind}" in version "${apiVersion}": served by Kubernetes 1.36 only; 1.37 dropped ${SCHEDULING_V1ALPHA2} for ${SCHEDULING_V1BETA1} (or ${SCHEDULING_V1ALPHA3}), where a PodGroup names its template with spec.workloadRef {workloadName, templateName} and disruptionMode is {single: {}} or {all: {}}; 1.35 serves ${SCHEDULING_V1ALPHA1} Workload with pod.spec.workloadRef`;
  }
  const instead = kind === 'Workload' ? `${SCHEDULING_V1ALPHA2} (1.36) or ${SCHEDULING_V1ALPHA1} Workload with pod.spec.workloadRef (1.35)` : `${SCHEDULING_V1ALPHA2} (1.36); 1.35 has no PodGroup (${SCHEDULING_V1ALPHA1} Workload with pod.spec.workloadRef)`;
  return `no matches for kind "${kind}" in version "${apiVersion}": served from Kubernetes 1.37 on (Scenario spec.kubernetesVersion); before, use ${instead}`;
}

/** PodGroupSchedulingPolicy: exactly one of `basic` and `gang`; gang.minCount ≥ 1. */
export function decodeSchedulingPolicy(r: Reader, parent: SrcMap, parentPath: Path, key: string): PodGroupSchedulingPolicy | undefined {
  const policy = decodeBasicOrGang(r, parent, [...parentPath, key], key, 'minCount');
  if (!policy) return undefined;
  return 'basic' in policy ? { basic: {} } : { gang: { minCount: policy.count } };
}

const DISRUPTION_MODES: Readonly<Record<string, DisruptionMode>> = { single: 'Single', all: 'All' };

/** upstream: HighestUserDefinablePriority */
const HIGHEST_USER_DEFINABLE_PRIORITY = 1_000_000_000;

/** v1alpha2's disruptionMode enum (upstream v1alpha2 DisruptionModePod, DisruptionModePodGroup) */
const V1ALPHA2_DISRUPTION_MODES: Readonly<Record<string, DisruptionMode>> = { Pod: 'Single', PodGroup: 'All' };

/**
 * schedulingConstraints, disruptionMode, priorityClassName, priority (a template's and a PodGroup's).
 * disruptionMode is the string Pod or PodGroup in v1alpha2 and a one-of struct {single: {}} or
 * {all: {}} in v1alpha3 and v1beta1 (kubernetes PR #138572 "Converts the DisruptionMode enum field
 * to struct").
 */
export function decodePolicyExtras(r: Reader, m: SrcMap, path: Path, apiVersion: PodGroupApiVersion = SCHEDULING_V1BETA1): Omit<PodGroupPolicyFields, 'schedulingPolicy'> {
  const out: Omit<PodGroupPolicyFields, 'schedulingPolicy'> = {};
  const cp = [...path, 'schedulingConstraints'];
  const constraints = r.map(r.child(m, 'schedulingConstraints'), cp);
  if (constraints) {
    r.knownFields(constraints, cp, new Set(['topology']));
    const tp = [...cp, 'topology'];
    const items = r.list(r.child(constraints, 'topology'), tp) ?? [];
    if (items.length > 1) r.error(r.child(constraints, 'topology')!.pos, tp, `Too many: ${items.length}: must have at most 1 items`);
    const topology: TopologyConstraint[] = [];
    items.forEach((item, i) => {
      const ip = [...tp, i];
      const t = r.map(item, ip);
      if (!t) return;
      r.knownFields(t, ip, new Set(['key']));
      const key = r.reqStr(t, ip, 'key');
      if (key && r.labelName(key, r.child(t, 'key')!.pos, [...ip, 'key'])) topology.push({ key });
    });
    out.schedulingConstraints = { topology };
  }
  const dp = [...path, 'disruptionMode'];
  if (apiVersion === SCHEDULING_V1ALPHA2) {
    const value = r.str(m, path, 'disruptionMode');
    if (value !== undefined) {
      const mode = V1ALPHA2_DISRUPTION_MODES[value];
      if (mode) out.disruptionMode = mode;
      else r.error(r.child(m, 'disruptionMode')!.pos, dp, `Unsupported value: ${quote(value)}: supported values: "Pod", "PodGroup"`);
    }
  }
  const mode = apiVersion === SCHEDULING_V1ALPHA2 ? undefined : r.map(r.child(m, 'disruptionMode'), dp);
  if (mode) {
    r.knownFields(mode, dp, new Set(Object.keys(DISRUPTION_MODES)));
    const set = Object.keys(DISRUPTION_MODES).filter((k) => r.has(mode, k));
    if (set.length === 0) r.error(mode.pos, dp, invalid('', 'must specify one of: `single`, `all`'));
    else if (set.length > 1) r.error(mode.pos, dp, invalid('{`single`, `all`}', 'exactly one of `single`, `all` is required, but multiple fields are set'));
    else out.disruptionMode = DISRUPTION_MODES[set[0]!];
  }
  const pcn = r.str(m, path, 'priorityClassName');
  if (pcn) {
    for (const msg of isDNS1123Subdomain(pcn)) r.error(r.child(m, 'priorityClassName')!.pos, [...path, 'priorityClassName'], invalid(pcn, msg));
    out.priorityClassName = pcn;
  }
  if (r.has(m, 'resourceClaims')) {
    r.gated('DRAWorkloadResourceClaims', r.entry(m, 'resourceClaims')!.keyPos, [...path, 'resourceClaims']);
    const claims = decodeClaimReferences(r, m, path, ['resourceClaimName', 'resourceClaimTemplateName']);
    if (claims?.length) out.resourceClaims = claims;
  }
  const priority = r.int(m, path, 'priority');
  if (priority !== undefined) {
    if (priority > HIGHEST_USER_DEFINABLE_PRIORITY) r.error(r.child(m, 'priority')!.pos, [...path, 'priority'], invalid(priority, `must be less than or equal to ${HIGHEST_USER_DEFINABLE_PRIORITY}`));
    else out.priority = priority;
  }
  return out;
}

/**
 * upstream: pkg/registry/scheduling/podgroup/strategy.go and workload/strategy.go (v1.36,
 * scheduling/v1alpha2) PrepareForCreate → dropDisabledPodGroupSpecFields /
 * dropDisabledPodGroupTemplatesFields: without TopologyAwareWorkloadScheduling the API server drops
 * schedulingConstraints, without WorkloadAwarePreemption disruptionMode, priorityClassName and
 * priority (at 1.37 that gate is part of GenericWorkload, kubernetes PR #139520: load.ts checks
 * GenericWorkload there). resourceClaims (DRAWorkloadResourceClaims) stays an unknown field here,
 * as before.
 */
function dropFieldsWithoutGates(r: Reader, m: SrcMap, path: Path, target: PodGroupPolicyFields, isPodGroup: boolean): void {
  const at = (key: string) => r.entry(m, key)?.keyPos;
  const constraints = at('schedulingConstraints');
  if (constraints && target.schedulingConstraints) r.droppedWithoutGate('TopologyAwareWorkloadScheduling', constraints, [...path, 'schedulingConstraints'], () => { delete target.schedulingConstraints; });
  const mode = at('disruptionMode');
  if (mode && target.disruptionMode) {
    // a decoded PodGroup's mode is Single when left out (its default); a template's stays unset
    r.droppedWithoutGate('WorkloadAwarePreemption', mode, [...path, 'disruptionMode'], () => {
      if (isPodGroup) target.disruptionMode = 'Single';
      else delete target.disruptionMode;
    });
  }
  const pcn = at('priorityClassName');
  if (pcn && target.priorityClassName !== undefined) r.droppedWithoutGate('WorkloadAwarePreemption', pcn, [...path, 'priorityClassName'], () => { delete target.priorityClassName; });
  const priority = at('priority');
  if (priority && target.priority !== undefined) r.droppedWithoutGate('WorkloadAwarePreemption', priority, [...path, 'priority'], () => { delete target.priority; });
}

const templateFields = new Set(['name', 'schedulingPolicy', 'schedulingConstraints', 'resourceClaims', 'disruptionMode', 'priorityClassName', 'priority', 'preemptionPolicy']);

function dnsLabelField(r: Reader, m: SrcMap, path: Path, key: string): string | undefined {
  const v = r.reqStr(m, path, key);
  if (v) for (const msg of isDNS1123Label(v)) r.error(r.child(m, key)!.pos, [...path, key], invalid(v, msg));
  return v || undefined;
}

function dnsSubdomainField(r: Reader, m: SrcMap, path: Path, key: string): string | undefined {
  const v = r.reqStr(m, path, key);
  if (v) for (const msg of isDNS1123Subdomain(v)) r.error(r.child(m, key)!.pos, [...path, key], invalid(v, msg));
  return v || undefined;
}

/** scheduling.k8s.io/v1alpha2, v1alpha3 or v1beta1 Workload: spec.podGroupTemplates (1–8, unique names). */
function decodeSchedulingWorkload(r: Reader, root: SrcMap, apiVersion: PodGroupApiVersion): SchedulingWorkload {
  r.knownFields(root, [], new Set(['apiVersion', 'kind', 'metadata', 'spec', 'status']));
  const metadata = decodeMetadata(r, root, { namespaced: true, validateName: isDNS1123Subdomain });
  const sp: Path = ['spec'];
  const spec = r.map(r.child(root, 'spec'), sp);
  if (spec) r.knownFields(spec, sp, new Set(['controllerRef', 'podGroupTemplates', ...(isBetaShaped(apiVersion) ? ['compositePodGroupTemplates'] : [])]));
  if (spec && r.has(spec, 'compositePodGroupTemplates')) {
    r.gated('CompositePodGroup', r.entry(spec, 'compositePodGroupTemplates')!.keyPos, [...sp, 'compositePodGroupTemplates']);
  }
  const out: SchedulingWorkload = { apiVersion, kind: 'Workload', metadata, spec: { podGroupTemplates: [] } };
  const crp = [...sp, 'controllerRef'];
  const cr = r.map(r.child(spec, 'controllerRef'), crp);
  if (cr) {
    r.knownFields(cr, crp, new Set(['apiGroup', 'kind', 'name']));
    const kind = r.reqStr(cr, crp, 'kind');
    const name = r.reqStr(cr, crp, 'name');
    if (kind && name) out.spec.controllerRef = defined({ apiGroup: r.str(cr, crp, 'apiGroup'), kind, name });
  }
  const gp: Path = [...sp, 'podGroupTemplates'];
  const items = r.list(r.child(spec, 'podGroupTemplates'), gp);
  const composite = isBetaShaped(apiVersion) && spec !== undefined && r.has(spec, 'compositePodGroupTemplates');
  // upstream: a union — exactly one of podGroupTemplates and compositePodGroupTemplates (v1alpha3/v1beta1)
  if (composite && items !== undefined) r.error(spec.pos, sp, invalid('{`podGroupTemplates`, `compositePodGroupTemplates`}', 'exactly one of `podGroupTemplates`, `compositePodGroupTemplates` is required, but multiple fields are set'));
  else if (!composite && (!items || items.length === 0)) r.error(r.child(spec, 'podGroupTemplates')?.pos ?? spec?.pos ?? root.pos, gp, required('must have at least one item'));
  else if (items && items.length > WORKLOAD_MAX_POD_GROUP_TEMPLATES) r.error(r.child(spec, 'podGroupTemplates')!.pos, gp, `Too many: ${items.length}: must have at most ${WORKLOAD_MAX_POD_GROUP_TEMPLATES} items`);
  const seen = new Set<string>();
  (items ?? []).forEach((item, i) => {
    const ip = [...gp, i];
    const g = r.map(item, ip);
    if (!g) return;
    const template = decodePodGroupTemplate(r, g, ip, apiVersion);
    if (template && seen.has(template.name)) r.error(g.pos, [...ip, 'name'], duplicate(template.name));
    if (template) { seen.add(template.name); out.spec.podGroupTemplates.push(template); }
  });
  if (composite) {
    const templates = decodeCompositeTemplates(r, spec, [...sp, 'compositePodGroupTemplates'], { policyExtras: decodePolicyExtras }, (rr, m, p) => decodePodGroupTemplate(rr, m, p, apiVersion));
    if (templates.length) out.spec.compositePodGroupTemplates = templates;
  }
  return out;
}

/** One PodGroupTemplate (a Workload's, or a composite template's child). */
function decodePodGroupTemplate(r: Reader, g: SrcMap, ip: Path, apiVersion: PodGroupApiVersion): PodGroupTemplate | undefined {
  r.knownFields(g, ip, templateFields);
  const name = dnsLabelField(r, g, ip, 'name');
  const schedulingPolicy = decodeSchedulingPolicy(r, g, ip, 'schedulingPolicy');
  const extras = decodePolicyExtras(r, g, ip, apiVersion);
  if (!name || !schedulingPolicy) return undefined;
  const template: PodGroupTemplate = { name, schedulingPolicy, ...extras };
  dropFieldsWithoutGates(r, g, ip, template, false);
  return template;
}

/** scheduling.k8s.io/v1alpha3 CompositePodGroup (./compositePodGroups.ts) */
export function decodeAnyCompositePodGroup(r: Reader, root: SrcMap): ScenarioObject {
  return decodeCompositePodGroup(r, root, { policyExtras: decodePolicyExtras });
}

/**
 * scheduling.k8s.io/v1alpha2, v1alpha3 or v1beta1 PodGroup. Its Workload template reference is
 * spec.podGroupTemplateRef.workload {workloadName, podGroupTemplateName} in v1alpha2 and
 * spec.workloadRef {workloadName, templateName} in v1alpha3 and v1beta1. disruptionMode defaults to Single.
 */
export function decodePodGroup(r: Reader, root: SrcMap): ScenarioObject {
  const apiVersion = (root.entries.get('apiVersion')?.value as { value?: unknown } | undefined)?.value;
  const v: PodGroupApiVersion = apiVersion === SCHEDULING_V1BETA1 || apiVersion === SCHEDULING_V1ALPHA3 ? apiVersion : SCHEDULING_V1ALPHA2;
  const apiPos = root.entries.get('apiVersion')?.value.pos ?? root.pos;
  r.versioned(SCHEDULING_API_SERVED[v], apiPos, ['apiVersion'], notServed('PodGroup', v));
  r.knownFields(root, [], new Set(['apiVersion', 'kind', 'metadata', 'spec', 'status']));
  const metadata = decodeMetadata(r, root, { namespaced: true, validateName: isDNS1123Subdomain });
  const sp: Path = ['spec'];
  const spec = r.map(r.child(root, 'spec'), sp);
  const refKey = isBetaShaped(v) ? 'workloadRef' : 'podGroupTemplateRef';
  if (spec) r.knownFields(spec, sp, new Set([refKey, 'schedulingPolicy', 'schedulingConstraints', 'resourceClaims', 'disruptionMode', 'priorityClassName', 'priority', 'preemptionPolicy', ...(isBetaShaped(v) ? ['parentCompositePodGroupName'] : [])]));
  if (!spec) r.requiredMissing(root, [], 'spec');
  const schedulingPolicy = spec ? decodeSchedulingPolicy(r, spec, sp, 'schedulingPolicy') : undefined;
  const extras = spec ? decodePolicyExtras(r, spec, sp, v) : {};
  const out: PodGroup = {
    apiVersion: v, kind: 'PodGroup', metadata,
    spec: { schedulingPolicy: schedulingPolicy ?? { basic: {} }, ...extras, disruptionMode: extras.disruptionMode ?? 'Single' },
  };
  if (spec) dropFieldsWithoutGates(r, spec, sp, out.spec, true);
  if (spec && isBetaShaped(v) && r.has(spec, 'parentCompositePodGroupName')) {
    // upstream: +k8s:ifDisabled(CompositePodGroup)=+k8s:forbidden, +k8s:dependentRequired("workloadRef")
    const parentPath = [...sp, 'parentCompositePodGroupName'];
    r.gatedValue('CompositePodGroup', r.entry(spec, 'parentCompositePodGroupName')!.keyPos, parentPath, 'Forbidden: may not be set');
    const parent = decodeParentName(r, spec, sp);
    if (parent) out.spec.parentCompositePodGroupName = parent;
    if (!r.has(spec, refKey)) r.error(r.entry(spec, 'parentCompositePodGroupName')!.keyPos, [...sp, refKey], required(`must be set when \`parentCompositePodGroupName\` is set`));
  }
  const rp = [...sp, refKey];
  let ref = r.map(r.child(spec, refKey), rp);
  let refPath = rp;
  if (ref && v === SCHEDULING_V1ALPHA2) {
    // a union with one member: workload
    r.knownFields(ref, rp, new Set(['workload']));
    refPath = [...rp, 'workload'];
    const inner = r.map(r.child(ref, 'workload'), refPath);
    if (!inner) r.error(ref.pos, rp, invalid('', 'must specify one of: `workload`'));
    ref = inner;
  }
  if (ref) {
    const templateKey = isBetaShaped(v) ? 'templateName' : 'podGroupTemplateName';
    r.knownFields(ref, refPath, new Set(['workloadName', templateKey]));
    const workloadName = isBetaShaped(v) ? dnsSubdomainField(r, ref, refPath, 'workloadName') : dnsLabelField(r, ref, refPath, 'workloadName');
    const templateName = dnsLabelField(r, ref, refPath, templateKey);
    if (workloadName && templateName) out.spec.workloadRef = { workloadName, templateName };
  }
  return out;
}

/** scheduling.k8s.io/v1alpha1 Workload (v1.35 gang scheduling). upstream: ValidateWorkload (v1.35) */
function decodeGangWorkload(r: Reader, root: SrcMap): GangWorkload {
  r.knownFields(root, [], new Set(['apiVersion', 'kind', 'metadata', 'spec', 'status']));
  const metadata = decodeMetadata(r, root, { namespaced: true, validateName: isDNS1123Subdomain });
  const sp: Path = ['spec'];
  const spec = r.map(r.child(root, 'spec'), sp);
  if (spec) r.knownFields(spec, sp, new Set(['controllerRef', 'podGroups']));
  const gp: Path = [...sp, 'podGroups'];
  const items = r.list(r.child(spec, 'podGroups'), gp);
  if (!items || items.length === 0) r.error(r.child(spec, 'podGroups')?.pos ?? spec?.pos ?? root.pos, gp, required('must have at least one item'));
  const seen = new Set<string>();
  const podGroups: GangWorkload['spec']['podGroups'] = [];
  (items ?? []).forEach((item, i) => {
    const ip = [...gp, i];
    const g = r.map(item, ip);
    if (!g) return;
    r.knownFields(g, ip, new Set(['name', 'policy']));
    const name = r.reqStr(g, ip, 'name');
    if (name) for (const msg of isDNS1123Label(name)) r.error(r.child(g, 'name')!.pos, [...ip, 'name'], invalid(name, msg));
    if (name && seen.has(name)) r.error(g.pos, ip, `Duplicate value: {"name":${quote(name)}}`);
    if (name) seen.add(name);
    const policy = decodeSchedulingPolicy(r, g, ip, 'policy');
    if (name && policy) podGroups.push({ name, policy });
  });
  return { apiVersion: SCHEDULING_V1ALPHA1, kind: 'Workload', metadata, spec: { podGroups } };
}

/** Workload in any of its versions: v1alpha1 (v1.35) or the PodGroup templates of v1alpha2/v1alpha3/v1beta1. */
export function decodeAnyWorkload(r: Reader, root: SrcMap): ScenarioObject {
  const apiVersion = (root.entries.get('apiVersion')?.value as { value?: unknown } | undefined)?.value;
  const apiPos = root.entries.get('apiVersion')?.value.pos ?? root.pos;
  if (apiVersion === SCHEDULING_V1ALPHA2 || apiVersion === SCHEDULING_V1ALPHA3 || apiVersion === SCHEDULING_V1BETA1) {
    r.versioned(SCHEDULING_API_SERVED[apiVersion], apiPos, ['apiVersion'], notServed('Workload', apiVersion));
    return decodeSchedulingWorkload(r, root, apiVersion);
  }
  r.versioned(SCHEDULING_API_SERVED[SCHEDULING_V1ALPHA1], apiPos, ['apiVersion'], notServed('Workload', SCHEDULING_V1ALPHA1));
  return decodeGangWorkload(r, root);
}

// Scenario text → validated, admitted Kubernetes objects (../shared/contracts/scenario-and-trace.md,
// sections 1–3). Every object in the file exists at simulated time 0, created in document order
// through the API server (./admission). Loading is the first half of a one-way pipeline:
//   parse (./source) → decode and validate (./decode) → admit (./admission)
//   → expand (../controllers/expand.ts: the workload controllers, run when the simulation starts).
// Nothing here calls a controller, a plugin or the simulation.

import type { ClusterEvent, ScenarioError } from '../api';
import {
  isCompositePodGroup, isGangWorkload, isPodGroup, isSchedulingWorkload, isNamespace, isNamespaced, isNode, isPod, isPodDisruptionBudget, isPriorityClass, isRuntimeClass, isService, isWorkload,
  type ScenarioObject, type TimelineStep,
} from './scenario';
import type {
  AnyObject, CompositePodGroup, GangWorkload, PodGroup, SchedulingWorkload, Namespace, Node, Pod, PodDisruptionBudget, PriorityClass, RuntimeClass, Service, Workload,
} from './types';
import { admitPod, DEFAULT_SCHEDULER_NAME, parseDefaultTolerations, parseNodeSelectorAnnotation, ANNOTATION_DEFAULT_TOLERATIONS, ANNOTATION_NODE_SELECTOR, ANNOTATION_OPENSHIFT_NODE_SELECTOR, type AdmissionContext } from './admission';
import { admitWorkload, JOB_CONTROLLER_UID_LABEL } from './admission/workloads';
import { admitPodGroupPriority } from './admission/podGroupPriority';
import { compileLabelSelector } from './selectors';
import { Diagnostics, formatPath, Reader, subjectLabel, type DroppedWithoutGate, type Path } from './decoder';
import { LABEL_METADATA_NAME, SYSTEM_PRIORITY_CLASSES } from './decode/cluster';
import { decodeDocument } from './decode/kinds';
import { timeOrigin } from './timeOrigin';
import { decodeScenario, declaredKey, type ScenarioMeta } from './decode/timeline';
import { NameGenerator } from './names';
import { isFeatureGateName } from '../features';
import { GATES_MERGED_INTO_GENERIC_WORKLOAD, resolveKubernetesVersion, versionFeatureGates, versionSwitches, type InferredKubernetesVersion, type KubernetesVersion, type VersionSwitches } from '../versions';
import { storedFieldWhy, withStoredGates, type StoredProof } from './storedGates';
import { isStorageObject, type CSIDriver, type PersistentVolumeClaim, type StorageClass, type StorageObject } from './storage';
import { isPolicyObject, PolicyStore, type PolicyObject } from './policy';
import { initialQuotaStatus } from './quota/status';
import { isResourceObject, type ResourceObject, type ResourceSlice } from './resource';
import { admitClaim, admitStorage } from './admission/storage';
import { admitClaimPolicies } from './admission/claimPolicies';
import { checkObjectBudget, writtenAt, type BudgetStep } from './objectBudget';
import { pathLocator } from './locator';
import { describe, locate, parseYaml, toPlain, type ParsedSource, type Pos, type SrcMap, type SrcNode } from './source';
import { duplicate, invalid } from './validation';
import { quote } from './quote';
import { decodeClusterAutoscaler, type ClusterAutoscalerConfig } from './autoscaler';
import { decodeAdmissionConfiguration, type AdmissionConfiguration } from './decode/admissionConfiguration';

/** The objects of a scenario at simulated time 0, and its timeline: what the simulation starts from. */
export interface ScenarioContents {
  fileName: string;
  meta: ScenarioMeta;
  /** document order */
  nodes: Node[];
  /** admitted, in creation order (after expansion, incl. pods made by controllers); bound pods keep spec.nodeName */
  pods: Pod[];
  /** declared ones plus implicit ones referenced by objects ("default" always) */
  namespaces: Namespace[];
  /** incl. the built-ins system-cluster-critical and system-node-critical */
  priorityClasses: PriorityClass[];
  runtimeClasses: RuntimeClass[];
  services: Service[];
  pdbs: PodDisruptionBudget[];
  /** Deployment, ReplicaSet (after expansion, incl. ones a Deployment made), StatefulSet, DaemonSet, Job, ReplicationController */
  workloads: Workload[];
  /** scheduling.k8s.io/v1alpha1 Workload */
  gangWorkloads: GangWorkload[];
  /** scheduling.k8s.io/v1alpha2 / v1beta1 Workloads (v1.36+) */
  schedulingWorkloads?: SchedulingWorkload[];
  /** scheduling.k8s.io/v1alpha2 / v1beta1 PodGroups (v1.36+) */
  podGroups?: PodGroup[];
  /** scheduling.k8s.io/v1alpha3 CompositePodGroups (v1.37 alpha, CompositePodGroup) */
  compositePodGroups?: CompositePodGroup[];
  /** StorageClasses, PVs, PVCs (DefaultStorageClass admitted), CSINodes, CSIDrivers, CSIStorageCapacities, in document order */
  storage: StorageObject[];
  /** DeviceClasses, ResourceSlices, ResourceClaims, ResourceClaimTemplates, in document order */
  resources: ResourceObject[];
  /** LimitRanges and ResourceQuotas (v1), in document order; quotas carry the status admission charged */
  policies: PolicyObject[];
  schedulerConfig?: { object: Record<string, unknown>; locate(path: (string | number)[]): { line: number; column: number } };
  /** extension: a legacy scheduler Policy document (predicates and priorities), translated into a profile */
  legacyPolicy?: { object: Record<string, unknown>; locate(path: (string | number)[]): { line: number; column: number } };
  /** extension: the node autoscaler (a ClusterAutoscaler document), validated */
  clusterAutoscaler?: ClusterAutoscalerConfig;
  /** extension: the API server's admission configuration (an AdmissionConfiguration document): the ResourceQuota plugin's limitedResources */
  admissionConfiguration?: AdmissionConfiguration;
  /** from the Scenario document, validated, in order */
  timeline: TimelineStep[];
  /** events of creating the objects: FailedCreate (admission refused a pod), SuccessfulCreate, ScalingReplicaSet */
  admissionEvents: ClusterEvent[];
  /** the declared pods admission refused, as written (the fix search reads what a refused pod asked for) */
  refusedPods?: Pod[];
  /** unknown kinds ("not simulated"), ignored fields, admission notes */
  warnings: ScenarioError[];
  /** extension: documents of kinds the simulator does not simulate, as written */
  others: AnyObject[];
  /** extension: the name/uid generator after loading, for objects the controllers and the timeline create */
  names: NameGenerator;
}

/** Where a declared workload was written: its controller's warnings at expansion are reported there. */
export interface WorkloadSource {
  pos: Pos;
  /** "Deployment default/web", as the loader's messages name it */
  subject: string;
}

/** The loader's answer: declared objects, admitted; workloads not yet expanded (../controllers/expand.ts). */
export interface LoadedScenario extends ScenarioContents {
  /** by index in `workloads` */
  workloadSources: WorkloadSource[];
  /** the loader's problems, for the expansion to go on adding to (a copy of) */
  problems: Diagnostics;
}

export type LoadResult = { ok: true; scenario: LoadedScenario } | { ok: false; errors: ScenarioError[]; warnings: ScenarioError[] };

/** "file:line:col: message" */
export function formatScenarioError(e: ScenarioError): string {
  return `${e.file}:${e.line}:${e.column}: ${e.message}`;
}

/**
 * A decoded object with where it came from, for checks across objects. Its source nodes are not
 * kept (a 25,000-pod scenario's would be most of the memory while it loads): `at` finds a field's
 * position in the text read again, which only an error or a warning needs.
 */
interface Declared {
  object: ScenarioObject;
  /** where the object starts */
  pos: Pos;
  /** its document (an index into the parsed documents) and, inside Lists, its place in `items` */
  doc: number;
  items: readonly number[];
  reader: Reader;
}

const MAX_LIST_DEPTH = 8;

export function builtinPriorityClasses(): PriorityClass[] {
  // upstream: pkg/apis/scheduling/helpers.go SystemPriorityClasses
  return SYSTEM_PRIORITY_CLASSES.map((c) => ({
    apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: c.name }, value: c.value,
    globalDefault: false, description: c.description, preemptionPolicy: 'PreemptLowerPriority',
  }));
}

const nsOf = (o: { metadata: { namespace?: string } }): string => o.metadata.namespace ?? 'default';

class Loader {
  readonly diag: Diagnostics;
  /** the documents read again when a position inside a declared object is needed */
  private reread: ParsedSource | undefined;
  readonly declared: Declared[] = [];
  readonly others: AnyObject[] = [];
  scenario?: { root: SrcMap; reader: Reader };
  schedulerConfig?: SrcMap;
  legacyPolicy?: SrcMap;
  clusterAutoscaler?: ClusterAutoscalerConfig;
  admissionConfiguration?: AdmissionConfiguration;

  constructor(readonly fileName: string, private readonly text: string) {
    this.diag = new Diagnostics(fileName);
  }

  /** `doc`: the document's place among the parsed ones; `items`: the List items leading to `root` */
  document(root: SrcNode, index: number, doc: number, items: readonly number[] = []): void {
    const listDepth = items.length;
    if (root.kind !== 'map') {
      this.diag.add('errors', root.pos, `document ${index}: expected a Kubernetes object (a mapping with apiVersion and kind), got ${describe(root)}`);
      return;
    }
    const rec = decodeDocument(this.diag, root, index);
    switch (rec.type) {
      case 'invalid': return;
      case 'versionDocument': return;
      case 'object': this.declared.push({ object: rec.object, pos: root.pos, doc, items, reader: rec.reader }); return;
      case 'list':
        if (listDepth >= MAX_LIST_DEPTH) {
          rec.reader.error(root.pos, ['items'], `Lists nested more than ${MAX_LIST_DEPTH} deep`);
          return;
        }
        rec.items.forEach((item, i) => this.document(item, index, doc, [...items, i]));
        return;
      case 'scenario':
        if (this.scenario) rec.reader.error(root.pos, [], 'only one Scenario document is allowed');
        else this.scenario = { root, reader: rec.reader };
        return;
      case 'clusterAutoscaler':
        if (this.clusterAutoscaler) rec.reader.error(root.pos, [], 'only one ClusterAutoscaler is allowed');
        else this.clusterAutoscaler = decodeClusterAutoscaler(rec.reader, root);
        return;
      case 'admissionConfiguration':
        if (this.admissionConfiguration) rec.reader.error(root.pos, [], 'only one AdmissionConfiguration is allowed');
        else this.admissionConfiguration = decodeAdmissionConfiguration(rec.reader, root);
        return;
      case 'schedulerConfig':
        if (this.schedulerConfig) rec.reader.error(root.pos, [], 'only one KubeSchedulerConfiguration is allowed');
        else this.schedulerConfig = root;
        return;
      case 'legacyPolicy':
        if (this.legacyPolicy) rec.reader.error(root.pos, [], 'only one Policy is allowed');
        else this.legacyPolicy = root;
        return;
      case 'unknown':
        rec.reader.warn(root.pos, [], `kind ${rec.kind} (${rec.apiVersion}) is not simulated; the object is kept but has no effect`);
        this.others.push(toPlain(root) as AnyObject);
    }
  }

  /** the position of `path` inside a declared object (the document read again: the parse is deterministic) */
  at(d: Declared, path: Path): Pos {
    let node: SrcNode | undefined = (this.reread ??= parseYaml(this.text)).documents[d.doc]?.root;
    for (const i of d.items) {
      const items = node?.kind === 'map' ? node.entries.get('items')?.value : undefined;
      node = items?.kind === 'seq' ? items.items[i] : undefined;
    }
    return node?.kind === 'map' ? locate(node, path, d.pos) : d.pos;
  }

  /** Duplicates, references to missing nodes, one default PriorityClass, namespace annotations. */
  crossCheck(): void {
    const seen = new Map<string, Declared>();
    let defaultClass: PriorityClass | undefined;
    const nodes = new Set(this.declared.filter((d) => isNode(d.object)).map((d) => d.object.metadata.name));
    for (const d of this.declared) {
      const o = d.object;
      if (!o.metadata.name) continue;
      const key = `${o.kind}/${isNamespaced(o) ? nsOf(o) : ''}/${o.metadata.name}`;
      if (seen.has(key)) {
        d.reader.error(this.at(d, ['metadata', 'name']), ['metadata', 'name'], duplicate(o.metadata.name));
        continue;
      }
      seen.set(key, d);
      if (isPriorityClass(o) && o.globalDefault) {
        if (defaultClass) {
          d.reader.error(this.at(d, ['globalDefault']), ['globalDefault'], `priorityclasses.scheduling.k8s.io ${quote(o.metadata.name)} is forbidden: PriorityClass ${defaultClass.metadata.name} is already marked as default. Only one default can exist`);
        } else {
          defaultClass = o;
        }
      }
      if (isPod(o) && o.spec.nodeName !== undefined && !nodes.has(o.spec.nodeName)) {
        d.reader.error(this.at(d, ['spec', 'nodeName']), ['spec', 'nodeName'], `node ${quote(o.spec.nodeName)} not found`);
      }
      if (isNamespace(o)) this.checkNamespaceAnnotations(d, o);
      if (isWorkload(o) && o.kind === 'Job') this.checkJobSelector(d, o);
    }
    this.checkSchedulerNames();
  }

  /** The schedulerName of every profile the configuration will have (one default profile without one). */
  private profileNames(): Set<string> {
    const profiles = this.schedulerConfig?.entries.get('profiles')?.value;
    if (profiles?.kind !== 'seq' || profiles.items.length === 0) return new Set([DEFAULT_SCHEDULER_NAME]);
    return new Set(profiles.items.map((p) => {
      const name = p.kind === 'map' ? p.entries.get('schedulerName')?.value : undefined;
      return name?.kind === 'scalar' && typeof name.value === 'string' && name.value !== '' ? name.value : DEFAULT_SCHEDULER_NAME;
    }));
  }

  /**
   * A pod for a scheduler no profile is named after stays Pending (upstream: the scheduler only
   * takes pods it is responsible for); likely a typo, so say so at the field.
   */
  private checkSchedulerNames(): void {
    const profiles = this.profileNames();
    for (const d of this.declared) {
      const o = d.object;
      const path: Path | undefined = isPod(o) ? ['spec', 'schedulerName'] : isWorkload(o) ? ['spec', 'template', 'spec', 'schedulerName'] : undefined;
      const name = isPod(o) ? o.spec.schedulerName : isWorkload(o) ? o.spec.template.spec.schedulerName : undefined;
      if (!path || name === undefined || profiles.has(name)) continue;
      d.reader.warn(this.at(d, path), path, `no scheduler profile is named ${quote(name)} (profiles: ${[...profiles].map(quote).join(', ')}): ${isPod(o) ? 'the pod stays' : 'its pods stay'} Pending, waiting for a scheduler that is not simulated`);
    }
  }

  private checkNamespaceAnnotations(d: Declared, ns: Namespace): void {
    const a = ns.metadata.annotations ?? {};
    const path = (k: string): Path => ['metadata', 'annotations', k];
    for (const k of [ANNOTATION_NODE_SELECTOR, ANNOTATION_OPENSHIFT_NODE_SELECTOR]) {
      if (!Object.prototype.hasOwnProperty.call(a, k)) continue;
      const parsed = parseNodeSelectorAnnotation(a[k]!);
      if (!parsed.ok) d.reader.error(this.at(d, path(k)), path(k), invalid(a[k], parsed.error));
    }
    if (Object.prototype.hasOwnProperty.call(a, ANNOTATION_DEFAULT_TOLERATIONS) && a[ANNOTATION_DEFAULT_TOLERATIONS]) {
      const parsed = parseDefaultTolerations(a[ANNOTATION_DEFAULT_TOLERATIONS]!);
      if (!parsed.ok) d.reader.error(this.at(d, path(ANNOTATION_DEFAULT_TOLERATIONS)), path(ANNOTATION_DEFAULT_TOLERATIONS), invalid(a[ANNOTATION_DEFAULT_TOLERATIONS], parsed.error));
    }
  }

  /** upstream: ValidateGeneratedSelector — without manualSelector the selector must be the generated one. */
  private checkJobSelector(d: Declared, job: Workload): void {
    if (job.spec.manualSelector || !job.spec.selector) return;
    const uid = job.metadata.uid;
    const expected = { ...(job.spec.template.metadata?.labels ?? {}), ...(uid ? { [JOB_CONTROLLER_UID_LABEL]: uid } : {}) };
    if (!uid || !compileLabelSelector(job.spec.selector).matches(expected)) {
      d.reader.error(this.at(d, ['spec', 'selector']), ['spec', 'selector'], invalid(job.spec.selector, '`selector` not auto-generated'));
    }
  }
}

/** The timeline's steps with the source of what they create, for checkObjectBudget. */
function timelineBudget(scenario: { root: SrcMap; reader: Reader }, timeline: readonly TimelineStep[]): BudgetStep[] {
  const spec = scenario.root.entries.get('spec')?.value;
  const list = spec?.kind === 'map' ? spec.entries.get('timeline')?.value : undefined;
  const items = list?.kind === 'seq' ? list.items : [];
  const byPos = new Map<string, [number, SrcMap]>();
  const posKey = (p: Pos): string => `${p.line}:${p.column}`;
  items.forEach((item, i) => { if (item.kind === 'map') byPos.set(posKey(item.pos), [i, item]); });
  return timeline.flatMap((step): BudgetStep[] => {
    const found = byPos.get(posKey(step.source));
    if (!found) return [];
    const [index, m] = found;
    const prefix: Path = ['spec', 'timeline', index];
    if (step.action === 'scale') return [{ step, objects: [], source: writtenAt(m, scenario.reader, prefix) }];
    if (step.action !== 'apply') return [];
    const single = m.entries.get('object')?.value;
    const many = m.entries.get('objects')?.value;
    const sources: [SrcNode, Path][] = [
      ...(single ? [[single, ['object']] as [SrcNode, Path]] : []),
      ...(many?.kind === 'seq' ? many.items.map((n, i) => [n, ['objects', i]] as [SrcNode, Path]) : []),
    ];
    const objects = step.objects.map((object, i) => {
      const at = step.locate(i, []);
      const [node, path] = sources.find(([n]) => n.pos.line === at.line && n.pos.column === at.column) ?? [m, []];
      return { object, ...writtenAt(node.kind === 'map' ? node : m, scenario.reader, [...prefix, ...path]) };
    });
    return [{ step, objects }];
  });
}

function collectNamespaces(objects: readonly ScenarioObject[]): Namespace[] {
  const declared = new Map<string, Namespace>();
  for (const o of objects) if (isNamespace(o) && !declared.has(o.metadata.name)) declared.set(o.metadata.name, o);
  const order: string[] = [];
  const add = (name: string) => { if (!order.includes(name)) order.push(name); };
  if (!declared.has('default')) add('default');
  for (const o of objects) {
    if (isNamespace(o)) add(o.metadata.name);
    else if (isNamespaced(o)) add(nsOf(o));
  }
  // upstream: SetDefaults_Namespace — every namespace is labelled with its name.
  return order.map((name) => {
    const ns = declared.get(name) ?? { apiVersion: 'v1', kind: 'Namespace' as const, metadata: { name } };
    return { ...ns, metadata: { ...ns.metadata, labels: { ...(ns.metadata.labels ?? {}), [LABEL_METADATA_NAME]: name } } };
  });
}

/**
 * Fields of declared Nodes, CSIDrivers and ResourceSlices that the API server drops without their
 * gate, registered like decode/podGroups.ts's (dropped once the gates are known, unless a dump's
 * stored copy proves the gate on: ./storedGates.ts).
 */
function registerGatedFields(loader: Loader): void {
  for (const d of loader.declared) {
    const o = d.object;
    // upstream: pkg/registry/core/node/strategy.go dropDisabledFields — without the gate the API
    // server drops status.declaredFeatures
    if (isNode(o) && o.status.declaredFeatures !== undefined) {
      const path: Path = ['status', 'declaredFeatures'];
      d.reader.droppedWithoutGate('NodeDeclaredFeatures', loader.at(d, path), path, () => { delete o.status.declaredFeatures; },
        { dropped: 'dropped: the API server keeps declared features only with the NodeDeclaredFeatures feature gate (Scenario spec.featureGates)' });
    }
    // upstream: pkg/registry/storage/csidriver/strategy.go PrepareForCreate — without the gate the
    // API server drops spec.preventPodSchedulingIfMissing
    if (o.kind === 'CSIDriver' && (o as CSIDriver).spec.preventPodSchedulingIfMissing !== undefined) {
      const path: Path = ['spec', 'preventPodSchedulingIfMissing'];
      d.reader.droppedWithoutGate('VolumeLimitScaling', loader.at(d, path), path, () => { delete (o as CSIDriver).spec.preventPodSchedulingIfMissing; },
        { dropped: 'dropped: the API server keeps preventPodSchedulingIfMissing only with the VolumeLimitScaling feature gate (on from v1.37; Scenario spec.featureGates)' });
    }
    // upstream: pkg/registry/resource/resourceslice/strategy.go dropDisabledFields — without the
    // binding-condition gates the API server drops a device's binding fields
    if (o.kind === 'ResourceSlice') {
      for (const [i, device] of ((o as ResourceSlice).spec.devices ?? []).entries()) {
        for (const field of ['bindsToNode', 'bindingConditions', 'bindingFailureConditions'] as const) {
          if (device[field] === undefined) continue;
          const path: Path = ['spec', 'devices', i, field];
          d.reader.droppedWithoutGate('DRADeviceBindingConditions', loader.at(d, path), path, () => { delete device[field]; }, {
            alsoNeeds: 'DRAResourceClaimDeviceStatus',
            dropped: 'dropped: the API server keeps binding conditions only with the DRADeviceBindingConditions and DRAResourceClaimDeviceStatus feature gates (Scenario spec.featureGates)',
          });
        }
      }
    }
  }
}

/**
 * What a dump's declared objects prove on (./storedGates.ts). `stored`: the declared objects'
 * gated fields. A scheduling.k8s.io Workload or PodGroup, or a pod's spec.schedulingGroup
 * (1.36+) or spec.workloadRef (1.35), proves GenericWorkload: the API server serves those kinds and
 * keeps those fields only with it. GangScheduling (upstream kube_features.go: GangScheduling
 * depends on GenericWorkload) is a kube-scheduler gate no stored object proves; from 1.37 it is
 * part of GenericWorkload (kubernetes PR #139520), and before, a stored gang policy is taken to
 * mean the cluster's scheduler enforces it (a warning says so, and how to undo it).
 */
function inferStoredGates(loader: Loader, meta: ScenarioMeta, stored: readonly DroppedWithoutGate[], dropGate: (gate: string) => string, switches: VersionSwitches): ScenarioMeta {
  const warn = (pos: Pos, message: string, path?: string): void => loader.diag.add('warnings', pos, message, path);
  const workloadProofs: StoredProof[] = [];
  const gangProofs: StoredProof[] = [];
  const gangPolicy = (d: Declared, path: Path): void => {
    gangProofs.push({
      gate: 'GangScheduling', pos: loader.at(d, path), path: formatPath(path), subject: d.reader.label(path), noun: 'field', kept: false,
      why: 'a dump does not show kube-scheduler\'s gates, but this gang policy is enforced only by the GangScheduling plugin (its gate needs GenericWorkload, upstream kube_features.go), so Podplay takes the cluster\'s scheduler to have it on',
    });
  };
  for (const d of loader.declared) {
    const o = d.object;
    if (isPodGroup(o) || isSchedulingWorkload(o) || isGangWorkload(o)) {
      workloadProofs.push({
        gate: 'GenericWorkload', pos: d.pos, subject: d.reader.label(), noun: 'object', kept: false,
        why: `a dump holds what the API server stored, and it serves ${o.apiVersion} ${o.kind}s only with GenericWorkload on, so the cluster has it on`,
      });
      if (isPodGroup(o) && o.spec.schedulingPolicy.gang) gangPolicy(d, ['spec', 'schedulingPolicy', 'gang']);
      if (isSchedulingWorkload(o)) {
        const i = o.spec.podGroupTemplates.findIndex((t) => t.schedulingPolicy.gang);
        if (i >= 0) gangPolicy(d, ['spec', 'podGroupTemplates', i, 'schedulingPolicy', 'gang']);
      }
      if (isGangWorkload(o)) {
        const i = o.spec.podGroups.findIndex((g) => g.policy.gang);
        if (i >= 0) gangPolicy(d, ['spec', 'podGroups', i, 'policy', 'gang']);
      }
    } else if (isPod(o) && (o.spec.schedulingGroup || o.spec.workloadRef)) {
      const field = o.spec.schedulingGroup ? 'schedulingGroup' : 'workloadRef';
      const path: Path = ['spec', field];
      workloadProofs.push({
        gate: 'GenericWorkload', pos: loader.at(d, path), path: formatPath(path), subject: d.reader.label(path), noun: 'field', kept: false,
        why: `a dump holds what the API server stored, and it keeps a pod's spec.${field} only with GenericWorkload on, so the cluster has it on`,
      });
    }
  }
  const fieldProofs: StoredProof[] = [];
  const gates0 = versionFeatureGates(switches, meta.featureGates);
  for (const d of stored) {
    const gate = dropGate(d.gate);
    if (!isFeatureGateName(gate) || (d.alsoNeeds && !(gates0 as Readonly<Record<string, boolean>>)[d.alsoNeeds])) continue;
    fieldProofs.push({ gate, pos: { line: d.warning.line, column: d.warning.column }, ...(d.warning.path ? { path: d.warning.path } : {}), subject: d.field, noun: 'field', kept: true, why: storedFieldWhy(gate, d.alsoNeeds) });
  }
  // the objects first: GenericWorkload's warning leads, the fields' gates follow in document order
  const out = withStoredGates(meta, [...workloadProofs, ...fieldProofs], gates0, warn);
  const gates = versionFeatureGates(switches, out.featureGates);
  if (!gates.GenericWorkload || workloadProofs.length === 0) return out;
  // from 1.37 one gate, GenericWorkload, turns on the API, gang scheduling and workload-aware
  // preemption (kubernetes PR #139520: versions.ts versionFeatureGates): nothing more to turn on
  if (switches.workloadGatesMerged) return out;
  return withStoredGates(out, gangProofs, gates, warn);
}

function load(text: string, fileName: string, versionOverride: KubernetesVersion | undefined, fromDump: InferredKubernetesVersion | undefined): LoadResult {
  const loader = new Loader(fileName, text);
  const parsed = parseYaml(text);
  for (const e of parsed.errors) loader.diag.add('errors', e.pos, e.message);
  for (const w of parsed.warnings) loader.diag.add('warnings', w.pos, w.message);
  const origin = timeOrigin(parsed.documents.flatMap((d) => (d.root ? [d.root] : [])));
  if (origin !== undefined) loader.diag.timeOrigin = origin;
  // each document's source nodes are let go once it is decoded (Loader.at reads them again)
  parsed.documents.forEach((doc, i) => {
    if (doc.root) loader.document(doc.root, doc.index, i);
    doc.root = undefined;
  });
  loader.crossCheck();

  const names = new NameGenerator();
  const objects = loader.declared.map((d) => d.object);
  const nodes = objects.filter(isNode);

  // The timeline refers to declared nodes; its apply objects may add namespaces.
  const timelineCtx = {
    nodes: new Set(nodes.map((n) => n.metadata.name)),
    objects: new Set(objects.map(declaredKey).filter((k) => k !== undefined)),
    applied: [] as ScenarioObject[],
  };
  let meta: ScenarioMeta = {};
  let timeline: TimelineStep[] = [];
  registerGatedFields(loader);
  // the gated fields of the declared objects come first; the timeline's apply objects add theirs
  const declaredDrops = loader.diag.droppedWithoutGate.length;
  if (loader.scenario) ({ meta, timeline } = decodeScenario(loader.scenario.reader, loader.scenario.root, timelineCtx));
  // a version its reader inferred from the file (the CLI reading a kubectl dump) stands in for a
  // spec.kubernetesVersion the file does not set, as the page's import writes it
  if (fromDump && meta.kubernetesVersion === undefined) meta = { ...meta, kubernetesVersion: fromDump.version, inferredKubernetesVersion: fromDump };
  // fields behind a feature gate the scenario leaves off are unknown fields to the API server
  const version = resolveKubernetesVersion(meta.kubernetesVersion, versionOverride).version;
  const switches = versionSwitches(version);
  // from 1.37 WorkloadAwarePreemption is part of GenericWorkload (kubernetes PR #139520)
  const dropGate = (gate: string): string => (gate === 'WorkloadAwarePreemption' && switches.workloadApiBeta ? 'GenericWorkload' : gate);
  // a dump (the page's import says so in the Scenario's inferred-version annotation, the command
  // line passes fromDump) holds what an API server stored: a stored field its strategy drops
  // without a gate proves that cluster has the gate on
  if (fromDump || meta.inferredKubernetesVersion) meta = inferStoredGates(loader, meta, loader.diag.droppedWithoutGate.slice(0, declaredDrops), dropGate, switches);
  const gates = versionFeatureGates(switches, meta.featureGates) as Readonly<Record<string, boolean>>;
  // v1.37 has no GangScheduling or WorkloadAwarePreemption gate (kubernetes PR #139520): GenericWorkload
  // decides, and a value that says otherwise is not used (one that agrees, as scenarios written for
  // 1.36 set both, changes nothing and passes without a word)
  if (switches.workloadGatesMerged && loader.scenario) {
    for (const gate of GATES_MERGED_INTO_GENERIC_WORKLOAD) {
      const given = meta.featureGates?.[gate];
      if (given === undefined || given === gates.GenericWorkload) continue;
      const path = ['spec', 'featureGates', gate];
      loader.diag.add('warnings', locate(loader.scenario.root, path, loader.scenario.root.pos), `not used: Kubernetes ${version} has no feature gate ${gate} (kubernetes PR #139520 folded it into GenericWorkload, which turns it ${gates.GenericWorkload ? 'on' : 'off'} in this run; kube-scheduler ${version} would refuse to start with it set)`, formatPath(path));
    }
  }
  for (const g of loader.diag.gated) {
    if (!gates[g.gate]) loader.diag.add('errors', { line: g.error.line, column: g.error.column }, g.error.message, g.error.path);
  }
  // fields the API server drops without their gate (decode/podGroups.ts dropFieldsWithoutGates)
  for (const d of loader.diag.droppedWithoutGate) {
    if (gates[dropGate(d.gate)] && (d.alsoNeeds === undefined || gates[d.alsoNeeds])) continue;
    d.drop();
    const message = d.gate === dropGate(d.gate) ? d.warning.message : d.warning.message.replace(`feature gate ${d.gate}`, `feature gate ${dropGate(d.gate)}`);
    loader.diag.add('warnings', { line: d.warning.line, column: d.warning.column }, message, d.warning.path);
  }
  // objects and fields the version's API server does not serve (decode/podGroups.ts, decode/pod.ts)
  for (const v of loader.diag.versioned) {
    if (!v.servedIn.includes(version)) loader.diag.add('errors', { line: v.error.line, column: v.error.column }, v.error.message, v.error.path);
  }

  // resource.k8s.io/v1alpha3 DeviceTaintRules act only with both gates (the scheduler's tracker
  // applies them with DRADeviceTaintRules, the allocator honours taints with DRADeviceTaints)
  if (!gates.DRADeviceTaintRules || !gates.DRADeviceTaints) {
    for (const d of loader.declared) {
      if (d.object.kind !== 'DeviceTaintRule') continue;
      d.reader.warn(loader.at(d, ['kind']), ['kind'], 'no effect: DeviceTaintRules taint devices only with the DRADeviceTaintRules and DRADeviceTaints feature gates (Scenario spec.featureGates)');
    }
  }

  // Before anything is built: a scenario asking for too many objects is refused here.
  checkObjectBudget(loader.declared.map((d) => ({ object: d.object, ...writtenAt((path) => loader.at(d, path), d.reader) })), loader.scenario ? timelineBudget(loader.scenario, timeline) : []);

  if (loader.diag.errors.length > 0) return { ok: false, errors: loader.diag.reported('errors'), warnings: loader.diag.reported('warnings') };

  const namespaces = collectNamespaces([...objects, ...timelineCtx.applied]);
  const declaredClasses = objects.filter(isPriorityClass);
  const priorityClasses = [...builtinPriorityClasses().filter((b) => !declaredClasses.some((c) => c.metadata.name === b.metadata.name)), ...declaredClasses];
  const runtimeClasses = objects.filter(isRuntimeClass);

  const pods: Pod[] = [];
  const admissionEvents: ClusterEvent[] = [];
  const refusedPods: Pod[] = [];
  // The namespace policies exist before the pods: the quota controller has synced each quota.
  const policies = objects.filter(isPolicyObject);
  for (const p of policies) if (p.kind === 'ResourceQuota') p.status = initialQuotaStatus(p);
  const ctx: AdmissionContext = {
    policies: new PolicyStore(policies, loader.admissionConfiguration?.limitedResources),
    nodes: new Map(nodes.map((n) => [n.metadata.name, n])),
    namespaces: new Map(namespaces.map((n) => [n.metadata.name, n])),
    priorityClasses: new Map(priorityClasses.map((p) => [p.metadata.name, p])),
    runtimeClasses: new Map(runtimeClasses.map((r) => [r.metadata.name, r])),
    names,
    now: 0,
  };

  // Claims are created before the pods that use them: DefaultStorageClass, LimitRanger, ResourceQuota.
  const storageClasses = objects.filter((o): o is StorageClass => o.kind === 'StorageClass');
  const refusedClaims = new Set<ScenarioObject>();
  for (const d of loader.declared) {
    if (d.object.kind !== 'PersistentVolumeClaim' || (policies.length === 0 && !ctx.policies!.limitedResources.length)) continue;
    const refused = admitClaimPolicies(admitClaim(d.object as PersistentVolumeClaim, storageClasses), ctx.policies!);
    if (!refused) continue;
    refusedClaims.add(d.object);
    admissionEvents.push({ time: 0, type: 'Warning', reason: 'FailedCreate', object: `PersistentVolumeClaim/${nsOf(d.object)}/${d.object.metadata.name}`, message: refused });
    d.reader.warn(d.pos, [], `not created: ${refused}`);
  }

  // Declared pods keep their names; controllers must not generate one of them.
  for (const o of objects) if (isPod(o) && o.metadata.name) names.reserve(nsOf(o), o.metadata.name);
  for (const d of loader.declared) {
    const o = d.object;
    if (o.metadata.uid === undefined && o.metadata.name) o.metadata.uid = names.uid(o.kind, isNamespaced(o) ? nsOf(o) : undefined, o.metadata.name);
    if (!isPod(o)) continue;
    if (o.metadata.name) names.release(nsOf(o), o.metadata.name);
    const admitted = admitPod(o, ctx);
    if (admitted.ok) {
      pods.push(admitted.pod);
      for (const w of admitted.warnings) d.reader.warn(d.pos, [], w);
    } else {
      if (o.metadata.name) names.reserve(nsOf(o), o.metadata.name);
      admissionEvents.push({ time: 0, type: 'Warning', reason: 'FailedCreate', object: `Pod/${nsOf(o)}/${o.metadata.name || o.metadata.generateName || ''}`, message: admitted.message });
      refusedPods.push(o);
      d.reader.warn(d.pos, [], `not created: ${admitted.message}`);
    }
  }

  // The Priority admission plugin resolves a PodGroup's priority on create (WorkloadAwarePreemption;
  // at 1.37 part of GenericWorkload): admission/podGroupPriority.ts
  const refusedPodGroups = new Set<ScenarioObject>();
  if (gates.WorkloadAwarePreemption) {
    for (const d of loader.declared) {
      if (!isPodGroup(d.object)) continue;
      const admitted = admitPodGroupPriority(d.object, ctx.priorityClasses);
      if ('refused' in admitted) {
        refusedPodGroups.add(d.object);
        admissionEvents.push({ time: 0, type: 'Warning', reason: 'FailedCreate', object: `PodGroup/${nsOf(d.object)}/${d.object.metadata.name}`, message: admitted.refused });
        d.reader.warn(d.pos, [], `not created: ${admitted.refused}`);
      } else if (admitted.warning) d.reader.warn(d.pos, [], admitted.warning);
    }
  }

  // The API server admits the declared workloads; their controllers run when the simulation starts.
  const declaredWorkloads = loader.declared.filter((d) => isWorkload(d.object));
  const workloads = declaredWorkloads.map((d) => d.object as Workload);
  for (const w of workloads) admitWorkload(w, ctx);
  const workloadSources = declaredWorkloads.map((d) => ({ pos: d.pos, subject: subjectLabel(d.reader.subject) }));

  // a locator that can be posted to another thread as data (./locator.ts)
  const located = (root: SrcMap) => ({ object: toPlain(root) as Record<string, unknown>, locate: pathLocator(root, root.pos) });
  const schedulerConfig: LoadedScenario['schedulerConfig'] = loader.schedulerConfig ? located(loader.schedulerConfig) : undefined;
  const legacyPolicy: LoadedScenario['legacyPolicy'] = loader.legacyPolicy ? located(loader.legacyPolicy) : undefined;

  const scenario: LoadedScenario = {
    fileName,
    meta,
    nodes,
    pods,
    namespaces,
    priorityClasses,
    runtimeClasses,
    services: objects.filter(isService),
    pdbs: objects.filter(isPodDisruptionBudget),
    workloads,
    gangWorkloads: objects.filter(isGangWorkload),
    schedulingWorkloads: objects.filter(isSchedulingWorkload),
    podGroups: objects.filter(isPodGroup).filter((g) => !refusedPodGroups.has(g)),
    compositePodGroups: objects.filter(isCompositePodGroup),
    storage: admitStorage(objects.filter(isStorageObject).filter((o) => !refusedClaims.has(o))),
    resources: objects.filter(isResourceObject),
    policies,
    timeline,
    admissionEvents,
    refusedPods,
    warnings: loader.diag.reported('warnings'),
    others: loader.others,
    names,
    workloadSources,
    problems: loader.diag,
  };
  if (schedulerConfig) scenario.schedulerConfig = schedulerConfig;
  if (legacyPolicy) scenario.legacyPolicy = legacyPolicy;
  if (loader.clusterAutoscaler) scenario.clusterAutoscaler = loader.clusterAutoscaler;
  if (loader.admissionConfiguration) scenario.admissionConfiguration = loader.admissionConfiguration;
  return { ok: true, scenario };
}

/** Loads a scenario. Never throws: broken input gives a list of positioned errors. */
/** `kubernetesVersion`: run as this version whatever the scenario says (SimulateOptions.kubernetesVersion). */
export function loadScenario(text: string, fileName = 'scenario.yaml', kubernetesVersion?: KubernetesVersion, fromDump?: InferredKubernetesVersion): LoadResult {
  try {
    if (typeof text !== 'string') {
      return { ok: false, errors: [{ file: fileName, line: 1, column: 1, message: 'the scenario must be text' }], warnings: [] };
    }
    return load(text, fileName, kubernetesVersion, fromDump);
  } catch (e) {
    // A bug in the loader, not in the scenario; still an answer rather than a crash.
    const message = e instanceof RangeError ? 'the scenario is nested too deeply to read' : `internal error while loading the scenario: ${e instanceof Error ? e.message : String(e)}`;
    return { ok: false, errors: [{ file: fileName, line: 1, column: 1, message }], warnings: [] };
  }
}

// `kubectl get nodes,pods -A -o yaml` (or -o json, any `List`, or a set of manifests) → a
// compact scenario: what the scheduler reads, without the API server's bookkeeping.
//
// Finished pods and pods on nodes the dump lacks are dropped (and counted); which workloads stay
// beside their pods, so that nothing is expanded twice, is ./ownership.ts.

import {
  NAMESPACED_KINDS, SIMULATED_KINDS, VERSIONED_API_VERSIONS, WORKLOAD_KINDS, apiVersionOf, cleanConditions, cleanMetadata, cleanPodSpec, cleanTemplate, compact,
  isObj, kindOf, list, metaOf, nameOf, namespaceOf, obj, omit, ordered, pick, str, type Obj,
} from './objects';
import { dumpVersionLine, inferDumpVersion, isVersionDocument, INFERRED_VERSION_ANNOTATION, type DumpVersion } from './dumpVersion';
import { settleWorkloads } from './ownership';
import { cleanSchedulerConfig } from './schedulerConfig';
import { asBlock, commentBlock, emitDocuments, parseText, type ParsedText } from './yaml';

export interface KubectlImportStats {
  /** objects read, List items flattened */
  objectsRead: number;
  nodes: number;
  pods: { bound: number; pending: number };
  droppedPods: { succeeded: number; failed: number; onMissingNodes: number };
  /** workload objects kept (they create only the pods their own lack) */
  workloads: number;
  /** Deployments and Jobs whose pods stand for them, ReplicaSets scaled to 0 */
  droppedWorkloads: number;
  /** namespaces, priority classes, runtime classes, services, PDBs, configuration */
  otherObjects: number;
  /** kind → count of objects the simulator does not read, dropped */
  droppedKinds: Record<string, number>;
  /** PriorityClasses and RuntimeClasses the dump lacked, rebuilt from the pods that name them */
  reconstructed: number;
  bytesIn: number;
  bytesOut: number;
  /** which reader parsed the text */
  reader: 'json' | 'fast' | 'yaml';
  /** the Kubernetes version the dump shows and the scenario runs as (./dumpVersion.ts) */
  kubernetesVersion?: DumpVersion;
}

export interface KubectlImport {
  /** the scenario (empty when `errors` is not) */
  yaml: string;
  stats: KubectlImportStats;
  warnings: string[];
  /** the text could not be read: "line:column: message" */
  errors: string[];
}

export interface ImportOptions {
  /** adds a Scenario document with this title (and seed) */
  title?: string;
  seed?: number;
  /** what the header comment calls the source */
  source?: string;
}

const BUILTIN_PRIORITY: Readonly<Record<string, number>> = { 'system-node-critical': 2000001000, 'system-cluster-critical': 2000000000 };

const groupOf = (apiVersion: string): string => (apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '');

function emptyStats(bytesIn: number, reader: KubectlImportStats['reader']): KubectlImportStats {
  return {
    objectsRead: 0, nodes: 0, pods: { bound: 0, pending: 0 }, droppedPods: { succeeded: 0, failed: 0, onMissingNodes: 0 },
    workloads: 0, droppedWorkloads: 0, otherObjects: 0, droppedKinds: {}, reconstructed: 0, bytesIn, bytesOut: 0, reader,
  };
}

/** List items (`kind: List`, `kind: PodList` from the raw API, whose items have no kind) as objects. */
function flatten(doc: unknown, out: Obj[], depth = 0): void {
  if (!isObj(doc) || depth > 8) return;
  const kind = kindOf(doc);
  if (Array.isArray(doc.items) && (kind === 'List' || kind.endsWith('List'))) {
    const itemKind = kind === 'List' ? undefined : kind.slice(0, -'List'.length);
    for (const item of doc.items) {
      if (!isObj(item)) continue;
      flatten(itemKind && !item.kind ? { apiVersion: doc.apiVersion, kind: itemKind, ...item } : item, out, depth + 1);
    }
    return;
  }
  out.push(doc);
}

/** Parsed documents as a flat list of objects, Lists expanded. */
export function flattenDocuments(docs: readonly unknown[]): Obj[] {
  const out: Obj[] = [];
  for (const d of docs) flatten(d, out);
  return out;
}

function countWarning(warnings: string[], n: number, what: string, examples: string[]): void {
  if (n === 0) return;
  const shown = examples.slice(0, 3).join(', ');
  warnings.push(`${what}: ${shown}${n > 3 ? ` and ${n - 3} more` : ''}`);
}

const podKey = (p: Obj): string => `${namespaceOf(p)}/${nameOf(p)}`;
const phaseOf = (p: Obj): string | undefined => str(obj(p.status)?.phase);

function cleanNode(o: Obj): Obj {
  const spec = obj(o.spec) ?? {};
  const status = obj(o.status) ?? {};
  return compact(ordered({
    apiVersion: 'v1', kind: 'Node', metadata: cleanMetadata(metaOf(o), { namespaced: false, created: true }),
    spec: compact({ unschedulable: spec.unschedulable, taints: list(spec.taints).map((t) => pick(obj(t), ['key', 'value', 'effect'])) }),
    status: compact({ capacity: status.capacity, allocatable: status.allocatable, images: status.images, conditions: cleanConditions(status.conditions) }),
  }));
}

function cleanPod(o: Obj): Obj {
  const status = obj(o.status) ?? {};
  return compact(ordered({
    apiVersion: 'v1', kind: 'Pod', metadata: cleanMetadata(metaOf(o), { namespaced: true, created: true }),
    spec: cleanPodSpec(obj(o.spec) ?? {}),
    status: compact({ phase: status.phase, nominatedNodeName: status.nominatedNodeName, startTime: status.startTime, conditions: cleanConditions(status.conditions) }),
  }));
}

function cleanWorkload(o: Obj): Obj {
  const spec = obj(o.spec) ?? {};
  // a StatefulSet keeps status.updateRevision: the revision its pods are recreated at, which tells a
  // Pending pod of an older revision from a current one (the template's hash here is of the
  // template as imported, not as the API server hashed it: ../engine/whatIf/edits.ts newerTemplateOf)
  const updateRevision = kindOf(o) === 'StatefulSet' ? str(obj(o.status)?.updateRevision) : undefined;
  // a Job keeps status.succeeded (with its finished pods folded in, ownership.ts jobSucceeded): the
  // completions done, which its controller does not start again
  const succeeded = kindOf(o) === 'Job' ? obj(o.status)?.succeeded : undefined;
  return ordered({
    apiVersion: apiVersionOf(o), kind: kindOf(o), metadata: cleanMetadata(metaOf(o), { namespaced: true }),
    spec: compact({ ...spec, template: spec.template === undefined ? undefined : cleanTemplate(spec.template) }),
    ...(updateRevision ? { status: { updateRevision } } : {}),
    ...(typeof succeeded === 'number' && succeeded > 0 ? { status: { succeeded } } : {}),
  });
}

function cleanOther(o: Obj): Obj {
  const kind = kindOf(o);
  const metadata = cleanMetadata(metaOf(o), { namespaced: NAMESPACED_KINDS.has(kind) });
  const base = { apiVersion: apiVersionOf(o), kind, metadata };
  switch (kind) {
    case 'Namespace': return base;
    case 'PriorityClass': return { ...base, ...pick(o, ['value', 'globalDefault', 'description', 'preemptionPolicy']) };
    case 'RuntimeClass': return { ...base, ...pick(o, ['handler', 'overhead', 'scheduling']) };
    // the quota controller recounts status.used from the pods
    case 'LimitRange': case 'ResourceQuota': return { ...base, ...pick(o, ['spec']) };
    case 'Service': {
      const spec = obj(o.spec) ?? {};
      const ports = list(spec.ports).map((p) => pick(obj(p), ['name', 'protocol', 'port', 'targetPort']));
      return { ...base, spec: compact({ selector: spec.selector, ports, type: spec.type, clusterIP: spec.clusterIP === 'None' ? 'None' : undefined }) };
    }
    case 'PodDisruptionBudget': {
      // the disruption controller's status: preemption reads disruptionsAllowed from the first cycle
      const status = compact(pick(obj(o.status), ['disruptionsAllowed', 'currentHealthy', 'desiredHealthy', 'expectedPods', 'disruptedPods']));
      return { ...base, spec: pick(obj(o.spec), ['minAvailable', 'maxUnavailable', 'selector', 'unhealthyPodEvictionPolicy']), ...(Object.keys(status).length ? { status } : {}) };
    }
    // claims and volumes keep their phase (a Lost claim, a Released volume)
    case 'PersistentVolumeClaim': case 'PersistentVolume': {
      const phase = str(obj(o.status)?.phase);
      return ordered({ ...omit({ ...o, metadata }, new Set(['status'])), ...(phase ? { status: { phase } } : {}) });
    }
    // a claim keeps its allocation and reservations: the devices are taken, the pods are on them
    case 'ResourceClaim': {
      const status = compact(pick(obj(o.status), ['allocation', 'reservedFor']));
      return ordered({ ...omit({ ...o, metadata }, new Set(['status'])), ...(Object.keys(status).length ? { status } : {}) });
    }
    default: return ordered(omit({ ...o, metadata }, new Set(['status'])));
  }
}

interface Sorted {
  scenario: Obj[];
  config: Obj[];
  namespaces: Obj[];
  priorityClasses: Obj[];
  runtimeClasses: Obj[];
  nodes: Obj[];
  services: Obj[];
  pdbs: Obj[];
  /** LimitRanges and ResourceQuotas: admission reads them when the pods are created */
  policies: Obj[];
  storage: Obj[];
  gangWorkloads: Obj[];
  workloads: Obj[];
  pods: Obj[];
}

/**
 * The objects of a dump, normalised: the shared core of every importer (kubectl output, a
 * kube-scheduler-simulator snapshot). Input objects are not changed.
 */
export function normalizeObjects(input: readonly Obj[], stats: KubectlImportStats, warnings: string[]): Obj[] {
  const sorted: Sorted = { scenario: [], config: [], namespaces: [], priorityClasses: [], runtimeClasses: [], nodes: [], services: [], pdbs: [], policies: [], storage: [], gangWorkloads: [], workloads: [], pods: [] };
  const objects: Obj[] = [];
  for (const o of input) {
    const kind = kindOf(o);
    const want = SIMULATED_KINDS[kind];
    const apiVersion = apiVersionOf(o);
    if (want === undefined || (apiVersion && groupOf(apiVersion) !== groupOf(want))) {
      const label = kind || '(no kind)';
      stats.droppedKinds[label] = (stats.droppedKinds[label] ?? 0) + 1;
      continue;
    }
    if (apiVersion && VERSIONED_API_VERSIONS[kind]?.includes(apiVersion)) {
      // served at some Kubernetes versions only: the loader decides at the scenario's version
      objects.push(o);
    } else if (apiVersion !== want) {
      if (apiVersion) warnings.push(`${kind} ${nameOf(o)}: ${apiVersion} read as ${want}`);
      objects.push({ ...o, apiVersion: want });
    } else {
      objects.push(o);
    }
  }
  for (const [kind, n] of Object.entries(stats.droppedKinds)) warnings.push(`${n} ${kind} object(s) dropped: not simulated`);

  const nodes = new Set(objects.filter((o) => kindOf(o) === 'Node').map(nameOf));
  const allPods = objects.filter((o) => kindOf(o) === 'Pod');
  const ownership = settleWorkloads(objects.filter((o) => WORKLOAD_KINDS.has(kindOf(o))), allPods);
  stats.droppedWorkloads += ownership.dropped.length;
  countWarning(warnings, ownership.dropped.length, `${ownership.dropped.length} workload(s) dropped: their ReplicaSets or pods in the dump stand for them (or they finished, or were scaled to 0)`, ownership.dropped);
  warnings.push(...ownership.warnings);

  // Pods: finished ones and ones on nodes the dump does not have are dropped.
  const finished = { Succeeded: [] as string[], Failed: [] as string[] };
  const missingNode: string[] = [];
  const keptPods: Obj[] = [];
  for (const p of allPods) {
    const phase = phaseOf(p);
    if (phase === 'Succeeded' || phase === 'Failed') {
      finished[phase].push(podKey(p));
      continue;
    }
    const nodeName = str(obj(p.spec)?.nodeName);
    if (nodeName && !nodes.has(nodeName)) {
      missingNode.push(`${podKey(p)} (on ${nodeName})`);
      continue;
    }
    keptPods.push(p);
  }
  stats.droppedPods.succeeded += finished.Succeeded.length;
  stats.droppedPods.failed += finished.Failed.length;
  stats.droppedPods.onMissingNodes += missingNode.length;
  if (finished.Succeeded.length + finished.Failed.length > 0) {
    warnings.push(`${finished.Succeeded.length} Succeeded and ${finished.Failed.length} Failed pod(s) dropped: finished pods hold no resources`);
  }
  countWarning(warnings, missingNode.length, `${missingNode.length} pod(s) dropped: bound to a node that is not in the dump (include nodes: kubectl get nodes,pods -A -o yaml)`, missingNode);

  const pods = reconcilePriorities(objects, keptPods, sorted, stats, warnings);
  reconstructRuntimeClasses(objects, pods, sorted, stats, warnings);

  // Queue order: the scheduler takes equal-priority pods in the order they arrived.
  const created = (p: Obj): string => str(metaOf(p).creationTimestamp) ?? '';
  const index = new Map(pods.map((p, i) => [p, i]));
  const bound = pods.filter((p) => str(obj(p.spec)?.nodeName));
  const pending = pods.filter((p) => !str(obj(p.spec)?.nodeName))
    .sort((a, b) => (created(a) < created(b) ? -1 : created(a) > created(b) ? 1 : index.get(a)! - index.get(b)!));
  const claimed = new Set(objects.filter((o) => kindOf(o) === 'PersistentVolumeClaim').map((o) => `${namespaceOf(o)}/${nameOf(o)}`));
  const withoutClaims = pods.filter((p) => list(obj(p.spec)?.volumes).some((v) => {
    const claim = str(obj(obj(v)?.persistentVolumeClaim)?.claimName);
    return claim !== undefined && !claimed.has(`${namespaceOf(p)}/${claim}`);
  })).length;
  if (withoutClaims) warnings.push(`${withoutClaims} pod(s) use PersistentVolumeClaims the input lacks: they stay Pending (include them: kubectl get nodes,pods,pvc,pv,storageclass,csinode -A -o yaml)`);

  for (const o of objects) {
    switch (kindOf(o)) {
      case 'Scenario': sorted.scenario.push(o); break;
      case 'KubeSchedulerConfiguration': sorted.config.push(cleanSchedulerConfig(o, warnings)); break;
      case 'ClusterAutoscaler': case 'AdmissionConfiguration': sorted.config.push(o); break;
      case 'Namespace': sorted.namespaces.push(cleanOther(o)); break;
      case 'PriorityClass': sorted.priorityClasses.push(cleanOther(o)); break;
      case 'RuntimeClass': sorted.runtimeClasses.push(cleanOther(o)); break;
      case 'Node': sorted.nodes.push(cleanNode(o)); break;
      case 'Service': sorted.services.push(cleanOther(o)); break;
      case 'PodDisruptionBudget': sorted.pdbs.push(cleanOther(o)); break;
      case 'LimitRange': case 'ResourceQuota': sorted.policies.push(cleanOther(o)); break;
      // before the pods that name them (pod.spec.workloadRef, spec.schedulingGroup)
      case 'Workload': case 'PodGroup': sorted.gangWorkloads.push(cleanOther(o)); break;
      case 'StorageClass': case 'PersistentVolume': case 'PersistentVolumeClaim': case 'CSINode': case 'CSIDriver': case 'CSIStorageCapacity':
      case 'DeviceClass': case 'ResourceSlice': case 'ResourceClaim': case 'ResourceClaimTemplate': case 'DeviceTaintRule':
        sorted.storage.push(cleanOther(o)); break;
      default: break;
    }
  }
  sorted.workloads = ownership.kept.map(cleanWorkload);
  sorted.pods = [...bound, ...pending].map(cleanPod);
  stats.nodes += sorted.nodes.length;
  stats.pods.bound += bound.length;
  stats.pods.pending += pending.length;
  stats.workloads += sorted.workloads.length;
  stats.otherObjects += sorted.scenario.length + sorted.config.length + sorted.namespaces.length + sorted.priorityClasses.length
    + sorted.runtimeClasses.length + sorted.services.length + sorted.pdbs.length + sorted.policies.length + sorted.storage.length + sorted.gangWorkloads.length;
  return [
    ...sorted.scenario, ...sorted.config, ...sorted.namespaces, ...sorted.priorityClasses, ...sorted.runtimeClasses, ...sorted.nodes,
    ...sorted.services, ...sorted.pdbs, ...sorted.policies, ...sorted.storage, ...sorted.gangWorkloads, ...sorted.workloads, ...sorted.pods,
  ];
}

/**
 * The API server's Priority admission recomputes spec.priority from the PriorityClass and rejects
 * a pod whose written priority differs. A dump without its PriorityClasses gets them back from
 * the pods that name them (value and preemption policy); a priority that no longer matches its
 * class is dropped so that admission assigns the class's.
 */
function reconcilePriorities(objects: Obj[], pods: Obj[], sorted: Sorted, stats: KubectlImportStats, warnings: string[]): Obj[] {
  const classes = new Map<string, { value: number; policy: string; globalDefault: boolean }>();
  for (const [name, value] of Object.entries(BUILTIN_PRIORITY)) classes.set(name, { value, policy: 'PreemptLowerPriority', globalDefault: false });
  for (const o of objects) {
    if (kindOf(o) !== 'PriorityClass') continue;
    classes.set(nameOf(o), { value: typeof o.value === 'number' ? o.value : 0, policy: str(o.preemptionPolicy) ?? 'PreemptLowerPriority', globalDefault: o.globalDefault === true });
  }
  let globalDefault: { value: number; policy: string } | undefined;
  for (const c of classes.values()) if (c.globalDefault && (!globalDefault || c.value < globalDefault.value)) globalDefault = c;
  const rebuilt: string[] = [];
  const adjusted: string[] = [];
  const out = pods.map((p) => {
    const spec = obj(p.spec) ?? {};
    const className = str(spec.priorityClassName);
    const priority = typeof spec.priority === 'number' ? spec.priority : undefined;
    if (className && !classes.has(className) && priority !== undefined) {
      const policy = str(spec.preemptionPolicy) ?? 'PreemptLowerPriority';
      classes.set(className, { value: priority, policy, globalDefault: false });
      rebuilt.push(className);
      sorted.priorityClasses.push({
        apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: className }, value: priority,
        description: `Rebuilt by the importer from spec.priority of pod ${podKey(p)}; the dump has no PriorityClass objects.`, preemptionPolicy: policy,
      });
    }
    const cls = className ? classes.get(className) : globalDefault ?? { value: 0, policy: 'PreemptLowerPriority' };
    if (!cls) return p;
    // Admission writes both from the class; a value that differs is the class's now.
    if ((priority !== undefined && priority !== cls.value) || (spec.preemptionPolicy !== undefined && spec.preemptionPolicy !== cls.policy)) adjusted.push(podKey(p));
    return { ...p, spec: omit(spec, new Set(['priority', 'preemptionPolicy'])) };
  });
  stats.reconstructed += rebuilt.length;
  countWarning(warnings, rebuilt.length, `${rebuilt.length} PriorityClass(es) rebuilt from the pods that use them`, rebuilt);
  countWarning(warnings, adjusted.length, `${adjusted.length} pod(s) whose spec.priority no longer matches their PriorityClass (or the global default) get the class's value`, adjusted);
  return out;
}

/** A RuntimeClass named by a pod but missing from the dump, rebuilt from the pod's overhead. */
function reconstructRuntimeClasses(objects: Obj[], pods: Obj[], sorted: Sorted, stats: KubectlImportStats, warnings: string[]): void {
  const known = new Set(objects.filter((o) => kindOf(o) === 'RuntimeClass').map(nameOf));
  const rebuilt: string[] = [];
  for (const p of pods) {
    const spec = obj(p.spec) ?? {};
    const name = str(spec.runtimeClassName);
    if (!name || known.has(name)) continue;
    known.add(name);
    rebuilt.push(name);
    const overhead = obj(spec.overhead);
    sorted.runtimeClasses.push(compact({
      apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name },
      handler: /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/.test(name) ? name : 'runc',
      overhead: overhead ? { podFixed: overhead } : undefined,
    }));
  }
  stats.reconstructed += rebuilt.length;
  countWarning(warnings, rebuilt.length, `${rebuilt.length} RuntimeClass(es) rebuilt from the pods that use them (handler and overhead)`, rebuilt);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The header comment of an imported scenario: where it came from and what was left out. */
export function importSummary(stats: KubectlImportStats, source: string): string[] {
  const dropped = stats.droppedPods.succeeded + stats.droppedPods.failed + stats.droppedPods.onMissingNodes;
  return [
    `Imported from ${source} by Podplay.`,
    `${plural(stats.nodes, 'node')}, ${plural(stats.pods.bound + stats.pods.pending, 'pod')} (${stats.pods.bound} running, ${stats.pods.pending} pending), ${plural(stats.workloads, 'workload')}.`,
    ...(dropped || stats.droppedWorkloads ? [`Left out: ${plural(dropped, 'pod')} (finished or on missing nodes), ${plural(stats.droppedWorkloads, 'workload')} their pods stand for.`] : []),
    ...(stats.kubernetesVersion ? [dumpVersionLine(stats.kubernetesVersion)] : []),
  ];
}

/**
 * The Scenario document with the version the dump shows: spec.kubernetesVersion, and the
 * annotation that tells the engine it was inferred (its run then says source 'dump'). A Scenario
 * in the dump that already sets a version keeps it; one imported before keeps the inference it
 * carries (a scenario imported again reads the same).
 */
function withDumpVersion(objects: Obj[], inferred: DumpVersion | undefined, stats: KubectlImportStats): Obj[] {
  const at = objects.findIndex((o) => kindOf(o) === 'Scenario');
  const scenario = at >= 0 ? objects[at]! : { apiVersion: 'podplay/v1alpha1', kind: 'Scenario', metadata: { name: 'imported' } };
  const spec = obj(scenario.spec) ?? {};
  const metadata = metaOf(scenario);
  // a line per field: the user changes the version, a fix adds a timeline, each a line of its own
  const replaced = (next: Obj) => (at >= 0 ? objects.map((o, i) => (i === at ? next : o)) : [next, ...objects]);
  const written = str(spec.kubernetesVersion) ?? (typeof spec.kubernetesVersion === 'number' ? String(spec.kubernetesVersion) : undefined);
  if (written !== undefined) {
    const version = written as DumpVersion['version'];
    const carried = str(obj(metadata.annotations)?.[INFERRED_VERSION_ANNOTATION]);
    if (carried?.startsWith(`${written};`)) {
      stats.kubernetesVersion = { version, shown: inferred?.shown ?? written, detail: carried.slice(carried.indexOf(';') + 1).trim() };
      return replaced({ ...scenario, spec: asBlock({ ...spec }) });
    }
    if (inferred) stats.kubernetesVersion = { ...inferred, version, fromScenario: true };
    return objects;
  }
  if (!inferred) return objects;
  stats.kubernetesVersion = inferred;
  const annotations = { ...(obj(metadata.annotations) ?? {}), [INFERRED_VERSION_ANNOTATION]: `${inferred.version}; ${inferred.detail}` };
  return replaced({ ...scenario, metadata: { ...metadata, annotations }, spec: asBlock({ ...spec, kubernetesVersion: inferred.version }) });
}

/** The Scenario document for a title and seed, if either is given. */
export function scenarioDocument(opts: ImportOptions): Obj | undefined {
  if (opts.title === undefined && opts.seed === undefined) return undefined;
  const name = (opts.title ?? 'imported').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 63) || 'imported';
  return { apiVersion: 'podplay/v1alpha1', kind: 'Scenario', metadata: { name }, spec: compact({ title: opts.title, seed: opts.seed }) };
}

/** Parses kubectl output (YAML or JSON, Lists or manifests) and writes the scenario. Never throws on input. */
export function normalizeKubectlDump(text: string, options: ImportOptions = {}): KubectlImport {
  return normalizeParsedDump(parseText(text), text.length, options);
}

/** normalizeKubectlDump for text already parsed (by parseText). */
export function normalizeParsedDump(parsed: ParsedText, bytesIn: number, options: ImportOptions = {}): KubectlImport {
  const stats = emptyStats(bytesIn, parsed.reader);
  const warnings: string[] = [];
  if (parsed.errors.length) return { yaml: '', stats, warnings, errors: parsed.errors };
  const read = flattenDocuments(parsed.documents);
  stats.objectsRead = read.length;
  // a `kubectl version` document is read for the version, not dropped as an unknown kind
  const input = read.filter((o) => !isVersionDocument(o));
  let objects = normalizeObjects(input, stats, warnings);
  const scenario = scenarioDocument(options);
  if (scenario && !objects.some((o) => kindOf(o) === 'Scenario')) objects.unshift(scenario);
  objects = withDumpVersion(objects, inferDumpVersion(read), stats);
  const yaml = commentBlock(importSummary(stats, options.source ?? 'kubectl output')) + emitDocuments(objects);
  stats.bytesOut = yaml.length;
  return { yaml, stats, warnings, errors: [] };
}

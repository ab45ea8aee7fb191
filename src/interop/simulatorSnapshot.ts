// kube-scheduler-simulator's export (its "Export" button, GET /api/v1/export) ↔ a scenario.
// The export is one JSON object of typed lists, without apiVersion/kind on the items:
// upstream (kubernetes-sigs/kube-scheduler-simulator): simulator/snapshot/snapshot.go
// ResourcesForSnap {pods, nodes, pvs, pvcs, storageClasses, priorityClasses, schedulerConfig,
// namespaces}; its import (POST /api/v1/import) reads the same keys (ResourcesForLoad).
// PVs, PVCs and StorageClasses come along: the PV controller and the volume plugins use them.

import { loadExpandedScenario, formatScenarioError } from '../engine/index';
import { importSummary, normalizeObjects, scenarioDocument, type ImportOptions, type KubectlImportStats } from './kubectl';
import { isObj, list, obj, type Obj } from './objects';
import { SCHEDULER_CONFIG_API_VERSION } from './schedulerConfig';
import { commentBlock, emitDocuments, parseText, type ParsedText } from './yaml';

export interface SimulatorImport {
  yaml: string;
  /** notSimulated: kept for readers of older results; volumes are imported now, so all 0 */
  stats: KubectlImportStats & { notSimulated: { pvs: number; pvcs: number; storageClasses: number } };
  warnings: string[];
  errors: string[];
}

const LISTS: readonly { key: string; apiVersion: string; kind: string }[] = [
  { key: 'namespaces', apiVersion: 'v1', kind: 'Namespace' },
  { key: 'priorityClasses', apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass' },
  { key: 'nodes', apiVersion: 'v1', kind: 'Node' },
  { key: 'pods', apiVersion: 'v1', kind: 'Pod' },
  { key: 'storageClasses', apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass' },
  { key: 'pvs', apiVersion: 'v1', kind: 'PersistentVolume' },
  { key: 'pvcs', apiVersion: 'v1', kind: 'PersistentVolumeClaim' },
];
const KNOWN_KEYS = new Set([...LISTS.map((l) => l.key), 'schedulerConfig']);

/** Whether a parsed value looks like a simulator export (ResourcesForSnap). */
export function isSimulatorSnapshot(v: unknown): v is Obj {
  return isObj(v) && !('kind' in v) && Object.keys(v).some((k) => KNOWN_KEYS.has(k)) && Object.keys(v).every((k) => KNOWN_KEYS.has(k));
}

/** Reads a kube-scheduler-simulator export into a scenario. Never throws on input. */
export function importSimulatorSnapshot(text: string, options: ImportOptions = {}): SimulatorImport {
  return importParsedSnapshot(parseText(text), text.length, options);
}

/** importSimulatorSnapshot for text already parsed (by parseText). */
export function importParsedSnapshot(parsed: ParsedText, bytesIn: number, options: ImportOptions = {}): SimulatorImport {
  const stats: SimulatorImport['stats'] = {
    objectsRead: 0, nodes: 0, pods: { bound: 0, pending: 0 }, droppedPods: { succeeded: 0, failed: 0, onMissingNodes: 0 }, workloads: 0,
    droppedWorkloads: 0, otherObjects: 0, droppedKinds: {}, reconstructed: 0, bytesIn, bytesOut: 0, reader: parsed.reader,
    notSimulated: { pvs: 0, pvcs: 0, storageClasses: 0 },
  };
  const warnings: string[] = [];
  if (parsed.errors.length) return { yaml: '', stats, warnings, errors: parsed.errors };
  const snapshot = parsed.documents[0];
  if (parsed.documents.length !== 1 || !isSimulatorSnapshot(snapshot)) {
    return { yaml: '', stats, warnings, errors: ['not a kube-scheduler-simulator export: expected one JSON object with pods, nodes, pvs, pvcs, storageClasses, priorityClasses, schedulerConfig and namespaces'] };
  }
  const objects: Obj[] = [];
  const config = obj(snapshot.schedulerConfig);
  if (config) objects.push({ kind: 'KubeSchedulerConfiguration', apiVersion: SCHEDULER_CONFIG_API_VERSION, ...config });
  for (const { key, apiVersion, kind } of LISTS) {
    for (const item of list(snapshot[key])) if (isObj(item)) objects.push({ ...item, apiVersion: item.apiVersion ?? apiVersion, kind: item.kind ?? kind });
  }
  stats.objectsRead = objects.length;
  const normalized = normalizeObjects(objects, stats, warnings);
  const scenario = scenarioDocument(options);
  if (scenario) normalized.unshift(scenario);
  const yaml = commentBlock(importSummary(stats, options.source ?? 'a kube-scheduler-simulator export')) + emitDocuments(normalized);
  stats.bytesOut = yaml.length;
  return { yaml, stats, warnings, errors: [] };
}

/** Namespaces the simulator neither exports nor imports (simulator/snapshot/snapshot.go isIgnoreNamespace). */
const ignoredNamespace = (name: string): boolean => name === 'default' || name.startsWith('kube-');

function strip(o: object): Obj {
  const copy = JSON.parse(JSON.stringify(o)) as Obj;
  const meta = obj(copy.metadata) ?? {};
  // The simulator's import refuses uids; owner references would point at objects it never gets.
  delete meta.uid;
  delete meta.ownerReferences;
  delete meta.creationTimestamp;
  return copy;
}

/**
 * A scenario as a kube-scheduler-simulator import file: every pod (the ones its workloads create
 * included, as the scenario's controllers create them at time 0), the nodes, the user-defined
 * PriorityClasses and namespaces, and the scheduler configuration. The timeline, workloads,
 * PDBs and services have no place in that format and are reported.
 */
export function toSimulatorSnapshot(scenarioYaml: string, fileName = 'scenario.yaml'): { json: string; warnings: string[]; errors: string[] } {
  const loaded = loadExpandedScenario(scenarioYaml, fileName);
  if (!loaded.ok) return { json: '', warnings: [], errors: loaded.errors.map(formatScenarioError) };
  const s = loaded.scenario;
  const warnings: string[] = [];
  if (s.timeline.length) warnings.push(`the timeline (${s.timeline.length} step(s)) is not part of a simulator snapshot`);
  const left = [
    [s.workloads.length, 'workload(s) (exported as the pods they create)'],
    [s.pdbs.length, 'PodDisruptionBudget(s)'],
    [s.services.length, 'Service(s)'],
    [s.runtimeClasses.length, 'RuntimeClass(es)'],
    [s.others.length, 'other object(s)'],
  ] as const;
  for (const [n, what] of left) if (n) warnings.push(`${n} ${what} left out`);
  const snapshot = {
    pods: s.pods.map((p) => {
      const pod = strip(p);
      delete pod.status;
      return pod;
    }),
    nodes: s.nodes.map((n) => strip(n)),
    pvs: s.storage.filter((o) => o.kind === 'PersistentVolume').map((o) => strip(o)),
    pvcs: s.storage.filter((o) => o.kind === 'PersistentVolumeClaim').map((o) => strip(o)),
    storageClasses: s.storage.filter((o) => o.kind === 'StorageClass').map((o) => strip(o)),
    priorityClasses: s.priorityClasses.filter((c) => !c.metadata.name.startsWith('system-')).map((c) => strip(c)),
    schedulerConfig: s.schedulerConfig?.object ?? { apiVersion: SCHEDULER_CONFIG_API_VERSION, kind: 'KubeSchedulerConfiguration', profiles: [{ schedulerName: 'default-scheduler' }] },
    namespaces: s.namespaces.filter((n) => !ignoredNamespace(n.metadata.name)).map((n) => strip(n)),
  };
  return { json: `${JSON.stringify(snapshot, null, 2)}\n`, warnings, errors: [] };
}


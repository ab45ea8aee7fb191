// A scenario as a bundle that replays it against the real kube-scheduler on KWOK fake nodes
// (kubernetes-sigs/kwok): manifests to apply, the scheduler configuration for
// `kwokctl create cluster --kube-scheduler-config`, the timeline as a shell script, and a README
// with the commands.
//
// What KWOK expects (kwok site/content/en/docs/user/kwok-manage-nodes-and-pods.md): fake nodes
// carry the annotation kwok.x-k8s.io/node=fake (the controller manages nodes selected by it when
// it does not manage them all) and node.alpha.kubernetes.io/ttl "0", and the taint
// kwok.x-k8s.io/node=fake:NoSchedule that keeps real workloads off them; the pods meant for them
// tolerate it. Nodes keep their status on create, so allocatable and images come through.
// kwokctl (pkg/kwokctl/runtime/config.go CopySchedulerConfig) writes its own
// clientConnection.kubeconfig into the scheduler configuration; older versions append it to the
// file, so the file must not have one.

import { formatScenarioError, loadExpandedScenario, type ExpandedScenario } from '../engine/index';
import { taintToString, toleratesAny, type Taint, type Toleration, isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidLabelValue, compareKubernetesVersions, resolveKubernetesVersion, versionFeatureGates, versionSwitches, type KubernetesVersion } from '../engine/readers';
import { flattenDocuments } from './kubectl';
import { compact, kindOf, list, metaOf, nameOf, namespaceOf, NAMESPACED_KINDS, obj, omit, ordered, str, WORKLOAD_KINDS, type Obj } from './objects';
import { SCHEDULER_CONFIG_API_VERSION } from './schedulerConfig';
import { escapeControlChars } from './controlChars';
import { hereDocument, shComment, shQuote } from './shell';
import { commentBlock, emitDocument, emitDocuments, parseText } from './yaml';

export interface KwokExportOptions {
  /** kwokctl cluster name (the kubectl context is kwok-<name>) */
  clusterName?: string;
  /** Kubernetes release for KWOK_KUBE_VERSION (default: v<the scenario's version>.0) */
  kubeVersion?: string;
  /** taint the fake nodes and add the toleration to the pods the scheduler places (default true) */
  fakeNodeTaint?: boolean;
  /** for error messages */
  fileName?: string;
  /** the scenario as the engine loaded it, when the caller has it: saves loading it again */
  loaded?: ExpandedScenario;
}

export interface BundleFile { path: string; content: string }

export interface KwokBundle {
  files: BundleFile[];
  warnings: string[];
  /** the scenario does not load: no files */
  errors: string[];
}

export const KWOK_ANNOTATION = 'kwok.x-k8s.io/node';
export const KWOK_TAINT: Taint = { key: 'kwok.x-k8s.io/node', value: 'fake', effect: 'NoSchedule' };
export const KWOK_TOLERATION: Toleration = { key: 'kwok.x-k8s.io/node', operator: 'Exists', effect: 'NoSchedule' };
/** A container image for containers the scenario leaves without one (the API server requires it). */
export const PLACEHOLDER_IMAGE = 'registry.k8s.io/pause:3.10';

/**
 * The scheduling.k8s.io version each release serves for Workload and PodGroup, which its Job
 * controller writes (src/engine/model/decode/podGroups.ts SCHEDULING_API_SERVED; 1.37 serves
 * v1beta1, kubernetes PR #140184, and v1alpha3).
 */
function schedulingApiVersion(version: KubernetesVersion): string {
  if (compareKubernetesVersions(version, '1.36') < 0) return 'scheduling.k8s.io/v1alpha1';
  if (compareKubernetesVersions(version, '1.37') < 0) return 'scheduling.k8s.io/v1alpha2';
  return 'scheduling.k8s.io/v1beta1';
}

/** An alpha or beta group version (`scheduling.k8s.io/v1beta1`): off in an API server until --runtime-config turns it on. */
const PRERELEASE_API = /^[a-z0-9.-]+\/v\d+(alpha|beta)\d+$/;

/**
 * The --runtime-config a cluster needs for the scenario: every alpha or beta API version its
 * objects are written in (new beta APIs are off by default since Kubernetes 1.24, KEP-3136), and
 * the version's scheduling.k8s.io API when GenericWorkload is on (the Job controller may write
 * Workloads and PodGroups).
 */
function runtimeConfigFor(exported: readonly Obj[], version: KubernetesVersion, genericWorkload: boolean): string {
  const apis = new Set<string>();
  for (const o of exported) {
    const api = str(o.apiVersion);
    if (api && PRERELEASE_API.test(api)) apis.add(api);
  }
  if (genericWorkload) apis.add(schedulingApiVersion(version));
  return [...apis].sort().map((api) => `${api}=true`).join(',');
}

/**
 * The storage kinds (storage.k8s.io/v1, core/v1), in the order a cluster needs them. They are
 * exported as the scenario writes them (v1 at every version Podplay simulates); the status is left
 * out, as for every object a create request carries: the PersistentVolume controller binds a claim
 * to the volume it names (spec.volumeName, the volume's spec.claimRef) again.
 */
const STORAGE_EXPORT_ORDER = ['CSIDriver', 'CSINode', 'StorageClass', 'CSIStorageCapacity', 'PersistentVolume', 'PersistentVolumeClaim'];

/**
 * The DRA kinds (resource.k8s.io), in the order a cluster needs them: a claim names its
 * DeviceClass, a DeviceTaintRule selects devices of the slices. They keep the API version the
 * scenario writes them in, which the loader has checked against the scenario's Kubernetes version
 * (resource.k8s.io/v1 at 1.35-1.37; DeviceTaintRule v1alpha3, v1beta2 from 1.36, v1 from 1.37), and
 * an alpha or beta one is turned on with --kube-runtime-config (runtimeConfigFor).
 */
const DRA_EXPORT_ORDER = ['DeviceClass', 'ResourceSlice', 'DeviceTaintRule', 'ResourceClaimTemplate', 'ResourceClaim'];

/** Namespaces every cluster has. */
const BUILTIN_NAMESPACES = new Set(['default', 'kube-system', 'kube-public', 'kube-node-lease']);
const CLUSTER_FILE = '00-cluster.yaml';
const RUNNING_FILE = '10-running-pods.yaml';
const SCHEDULED_FILE = '20-to-schedule.yaml';
const CONFIG_FILE = 'kube-scheduler-config.yaml';
const TIMELINE_FILE = 'timeline.sh';

interface Context {
  taint: boolean;
  placeholders: number;
  tolerationsAdded: number;
}

/** metadata as a create request carries it: the API server assigns uids, and owners are matched by uid. */
function createMetadata(meta: Obj, namespaced: boolean): Obj {
  const out = compact(omit(meta, new Set(['uid', 'resourceVersion', 'creationTimestamp', 'managedFields', 'ownerReferences', 'generation', 'selfLink', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'finalizers'])));
  if (!namespaced) delete out.namespace;
  return out;
}

function withImages(containers: unknown, ctx: Context): unknown[] | undefined {
  if (containers === undefined) return undefined;
  return list(containers).map((c) => {
    const container = obj(c) ?? {};
    if (str(container.image)) return container;
    ctx.placeholders++;
    return ordered({ ...container, image: PLACEHOLDER_IMAGE }, ['name', 'image']);
  });
}

/** A pod spec ready for a real API server; `schedule`: the scheduler will place it on a fake node. */
function podSpecForCluster(spec: Obj, schedule: boolean, ctx: Context): Obj {
  const out: Obj = { ...spec, containers: withImages(spec.containers, ctx) };
  if (spec.initContainers !== undefined) out.initContainers = withImages(spec.initContainers, ctx);
  if (schedule && ctx.taint && !toleratesAny(list(spec.tolerations) as Toleration[], KWOK_TAINT)) {
    out.tolerations = [...list(spec.tolerations), KWOK_TOLERATION];
    ctx.tolerationsAdded++;
  }
  return out;
}

function nodeForKwok(o: Obj, ctx: Context): Obj {
  const meta = createMetadata(metaOf(o), false);
  meta.annotations = { ...(obj(meta.annotations) ?? {}), [KWOK_ANNOTATION]: 'fake', 'node.alpha.kubernetes.io/ttl': '0' };
  const spec = obj(o.spec) ?? {};
  const taints = list(spec.taints);
  const hasTaint = taints.some((t) => obj(t)?.key === KWOK_TAINT.key && obj(t)?.effect === KWOK_TAINT.effect);
  const status = obj(o.status) ?? {};
  // The simulator falls back to capacity and to 110 pods; a real scheduler reads allocatable only.
  const allocatable: Obj = { ...(obj(status.allocatable) ?? obj(status.capacity) ?? {}) };
  if (allocatable.pods === undefined) allocatable.pods = '110';
  return ordered(compact({
    apiVersion: 'v1', kind: 'Node', metadata: meta,
    spec: compact({ ...spec, taints: ctx.taint && !hasTaint ? [...taints, { ...KWOK_TAINT }] : taints }),
    status: compact({ allocatable, capacity: obj(status.capacity) ?? allocatable, images: status.images, conditions: status.conditions }),
  }));
}

function podForCluster(o: Obj, ctx: Context): Obj {
  const spec = obj(o.spec) ?? {};
  return ordered({ apiVersion: 'v1', kind: 'Pod', metadata: createMetadata(metaOf(o), true), spec: podSpecForCluster(spec, !str(spec.nodeName), ctx) });
}

// upstream: pkg/registry/batch/job/strategy.go — without manualSelector the API server generates
// the selector and these template labels from the new Job's uid; the old ones would be refused.
const JOB_GENERATED_LABELS = ['batch.kubernetes.io/controller-uid', 'batch.kubernetes.io/job-name', 'controller-uid', 'job-name'];

function workloadForCluster(o: Obj, ctx: Context): Obj {
  const spec: Obj = { ...(obj(o.spec) ?? {}) };
  const template = obj(spec.template) ?? {};
  const templateMeta: Obj = { ...(obj(template.metadata) ?? {}) };
  if (kindOf(o) === 'Job' && spec.manualSelector !== true) {
    delete spec.selector;
    const labels: Obj = { ...(obj(templateMeta.labels) ?? {}) };
    for (const k of JOB_GENERATED_LABELS) delete labels[k];
    templateMeta.labels = labels;
  }
  spec.template = compact({ metadata: compact(templateMeta), spec: podSpecForCluster(obj(template.spec) ?? {}, true, ctx) });
  return ordered({ apiVersion: o.apiVersion, kind: kindOf(o), metadata: createMetadata(metaOf(o), true), spec });
}

function serviceForCluster(o: Obj, warnings: string[]): Obj {
  const spec: Obj = { ...(obj(o.spec) ?? {}) };
  if (list(spec.ports).length === 0 && spec.clusterIP !== 'None') {
    // A Service needs ports unless it is headless; the scheduler reads only the selector.
    spec.clusterIP = 'None';
    warnings.push(`Service ${namespaceOf(o)}/${nameOf(o)} has no ports: exported as a headless Service`);
  }
  return ordered({ apiVersion: 'v1', kind: 'Service', metadata: createMetadata(metaOf(o), true), spec });
}

/** The object as a create request carries it. */
function objectForCluster(o: Obj, ctx: Context, warnings: string[]): Obj {
  const kind = kindOf(o);
  if (kind === 'Node') return nodeForKwok(o, ctx);
  if (kind === 'Pod') return podForCluster(o, ctx);
  if (WORKLOAD_KINDS.has(kind)) return workloadForCluster(o, ctx);
  if (kind === 'Service') return serviceForCluster(o, warnings);
  const out = omit(o, new Set(['status']));
  out.metadata = createMetadata(metaOf(o), NAMESPACED_KINDS.has(kind));
  return ordered(out);
}

/** The scheduler configuration for kwokctl: the scenario's, without clientConnection. */
function schedulerConfigFile(scenario: ExpandedScenario, warnings: string[]): string {
  const cfg: Obj = scenario.schedulerConfig ? { ...scenario.schedulerConfig.object } : {
    apiVersion: SCHEDULER_CONFIG_API_VERSION, kind: 'KubeSchedulerConfiguration', profiles: [{ schedulerName: 'default-scheduler' }],
  };
  if (cfg.clientConnection !== undefined) {
    delete cfg.clientConnection;
    warnings.push('KubeSchedulerConfiguration: clientConnection left out (kwokctl sets the kubeconfig)');
  }
  return commentBlock([
    scenario.schedulerConfig ? 'The scenario\'s scheduler configuration.' : 'The scenario has no KubeSchedulerConfiguration: kube-scheduler\'s defaults.',
    'kwokctl adds clientConnection.kubeconfig when it starts kube-scheduler with it.',
  ]) + emitDocument(ordered(cfg));
}

type Step = ExpandedScenario['timeline'][number];

/** kubectl apply refuses generateName; kubectl create accepts it (a fresh cluster has nothing to update). */
const applyVerb = (objects: readonly Obj[]): string => (objects.some((o) => !nameOf(o)) ? 'create' : 'apply');

type Rule = (value: string) => string[];
const KIND: Rule = (v) => (/^[A-Z][A-Za-z]*$/.test(v) ? [] : ['is not a kind']);
const REPLICAS = (n: unknown): [string, Rule] => [String(n), () => (Number.isSafeInteger(n) && (n as number) >= 0 ? [] : ['is not a number of replicas'])];

/**
 * Every name a step writes into a command, with the rule the API server holds it to. The loader
 * has checked them all; checking again here keeps a caller that did not load the scenario (or a
 * loader bug) from putting an option or a command into the script.
 */
function stepNames(step: Step): [string, Rule][] {
  const pod = (p: { namespace: string; name: string }): [string, Rule][] => [[p.namespace, isDNS1123Label], [p.name, isDNS1123Subdomain]];
  switch (step.action) {
    case 'delete': return [[step.kind, KIND], [step.name, isDNS1123Subdomain], ...(step.namespace !== undefined ? [[step.namespace, isDNS1123Label] as [string, Rule]] : [])];
    case 'taint': return [[step.node, isDNS1123Subdomain], [step.taint.key, isQualifiedName], [step.taint.value ?? '', isValidLabelValue], [step.taint.effect, KIND]];
    case 'untaint': return [[step.node, isDNS1123Subdomain], [step.key, isQualifiedName], ...(step.effect !== undefined ? [[step.effect, KIND] as [string, Rule]] : [])];
    case 'evict': return pod(step.pod);
    case 'label': return [[step.node, isDNS1123Subdomain], ...Object.entries(step.labels).flatMap(([k, v]): [string, Rule][] => [[k, isQualifiedName], [v ?? '', isValidLabelValue]])];
    case 'condition': case 'cordon': case 'uncordon': return [[step.node, isDNS1123Subdomain]];
    case 'scale': return [[step.kind, KIND], [step.name, isDNS1123Subdomain], [step.namespace, isDNS1123Label], REPLICAS(step.replicas)];
    case 'ungate': return [...pod(step.pod), ...(step.gate !== undefined ? [[step.gate, isQualifiedName] as [string, Rule]] : [])];
    default: return [];
  }
}

function stepCommands(step: Step, ctx: Context, warnings: string[], gatesRemoved: Map<string, string[]>, scenario: ExpandedScenario): string[] {
  const bad = stepNames(step).find(([value, rule]) => typeof value !== 'string' || rule(value).length > 0);
  if (bad) {
    const what = `${JSON.stringify(bad[0])} is not a valid name here`;
    warnings.push(escapeControlChars(`timeline: the ${step.action} step at ${step.at}s is left out: ${what}`));
    return [shComment(`left out: ${what}`)];
  }
  const ns = (n: string | undefined) => `-n ${shQuote(n ?? 'default')}`;
  switch (step.action) {
    case 'apply': {
      const objects = (step.objects as unknown as Obj[]).map((o) => objectForCluster(o, ctx, warnings));
      return hereDocument(`kubectl ${applyVerb(objects)} -f -`, emitDocuments(objects).trimEnd().split('\n'));
    }
    case 'delete': {
      const namespaced = NAMESPACED_KINDS.has(step.kind);
      return [`kubectl delete ${shQuote(step.kind.toLowerCase())} ${shQuote(step.name)}${namespaced ? ` ${ns(step.namespace)}` : ''}`];
    }
    case 'taint': {
      const t = step.taint;
      return [`kubectl taint nodes ${shQuote(step.node)} ${shQuote(taintToString(t))}`];
    }
    case 'untaint':
      return [`kubectl taint nodes ${shQuote(step.node)} ${shQuote(`${step.key}${step.effect ? `:${step.effect}` : ''}-`)}`];
    case 'evict': {
      const body = JSON.stringify({ apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: step.pod.name, namespace: step.pod.namespace } });
      return hereDocument(`kubectl create --raw ${shQuote(`/api/v1/namespaces/${step.pod.namespace}/pods/${step.pod.name}/eviction`)} -f -`, [body]);
    }
    case 'condition': {
      const patch = JSON.stringify({ status: { conditions: [{ type: step.type, status: step.status }] } });
      return [
        '# the KWOK controller keeps its fake nodes\' conditions as it configures them, and may undo this',
        `kubectl patch node ${shQuote(step.node)} --subresource=status --type=strategic -p ${shQuote(patch)}`,
      ];
    }
    case 'label': {
      const args = Object.entries(step.labels).map(([k, v]) => shQuote(v === null ? `${k}-` : `${k}=${v}`));
      return [`kubectl label nodes ${shQuote(step.node)} ${args.join(' ')} --overwrite`];
    }
    case 'cordon': return [`kubectl cordon ${shQuote(step.node)}`];
    case 'uncordon': return [`kubectl uncordon ${shQuote(step.node)}`];
    case 'scale':
      if (step.kind === 'Job') return [`kubectl patch job ${shQuote(step.name)} ${ns(step.namespace)} -p ${shQuote(JSON.stringify({ spec: { parallelism: step.replicas } }))}`];
      return [`kubectl scale ${shQuote(`${step.kind.toLowerCase()}/${step.name}`)} ${ns(step.namespace)} ${shQuote(`--replicas=${step.replicas}`)}`];
    case 'ungate': {
      const key = `${step.pod.namespace}/${step.pod.name}`;
      if (step.gate === undefined) {
        gatesRemoved.set(key, ['*']);
        return [`kubectl patch pod ${shQuote(step.pod.name)} ${ns(step.pod.namespace)} --type=json -p '[{"op":"remove","path":"/spec/schedulingGates"}]'`];
      }
      const pod = scenario.pods.find((p) => `${p.metadata.namespace ?? 'default'}/${p.metadata.name}` === key);
      const removed = gatesRemoved.get(key) ?? [];
      const gates = (pod?.spec.schedulingGates ?? []).map((g) => g.name).filter((g) => !removed.includes(g));
      const index = gates.indexOf(step.gate);
      if (index < 0) {
        warnings.push(`timeline: ungate ${key} ${step.gate}: the pod does not have that gate at that point`);
        return [shComment(`ungate ${key} ${step.gate}: the pod does not have that gate here`)];
      }
      gatesRemoved.set(key, [...removed, step.gate]);
      const patch = JSON.stringify([{ op: 'test', path: `/spec/schedulingGates/${index}/name`, value: step.gate }, { op: 'remove', path: `/spec/schedulingGates/${index}` }]);
      return [`kubectl patch pod ${shQuote(step.pod.name)} ${ns(step.pod.namespace)} --type=json -p ${shQuote(patch)}`];
    }
    case 'deviceCondition': {
      const what = step.claim ? `resourceclaim ${step.claim.namespace}/${step.claim.name}` : `the claims of pod ${step.pod!.namespace}/${step.pod!.name}`;
      warnings.push(`timeline: the deviceCondition step at ${step.at}s is what a DRA driver reports; write it to ${what}'s status.devices yourself`);
      return [shComment(`deviceCondition: a DRA driver sets ${step.type}=${step.status} on device ${step.device} in ${what} (status.devices)`)];
    }
    case 'deschedule':
      warnings.push(`timeline: the deschedule step at ${step.at}s needs the descheduler, which a KWOK cluster does not run`);
      return ['# deschedule: run the descheduler (sigs.k8s.io/descheduler) once with this policy:', ...emitDocument(step.policy).trimEnd().split('\n').map((l) => shComment(`  ${l}`))];
    default:
      return [];
  }
}

function timelineScript(scenario: ExpandedScenario, ctx: Context, warnings: string[]): string | undefined {
  if (scenario.timeline.length === 0) return undefined;
  const lines = [
    '#!/bin/sh',
    '# The scenario\'s timeline: each step at its time, simulated seconds taken as wall-clock seconds',
    '# from when this script starts (start it right after applying the manifests).',
    'set -e',
  ];
  const gatesRemoved = new Map<string, string[]>();
  let now = 0;
  for (const step of scenario.timeline) {
    lines.push('');
    // a number the loader checked; anything else (a caller that did not load) waits for nothing
    const at = Number.isFinite(step.at) ? step.at : now;
    if (at > now) lines.push(`sleep ${at - now}`);
    now = Math.max(now, at);
    lines.push(shComment(`t=${at}s: ${step.action}`));
    lines.push(...stepCommands(step, ctx, warnings, gatesRemoved, scenario));
  }
  return `${lines.join('\n')}\n`;
}

function readme(args: {
  title: string; cluster: string; kubeVersion: string; seed?: number; featureGates: string; runtimeConfig: string;
  files: BundleFile[]; verbs: Map<string, string>; counts: Record<string, number>; ctx: Context; left: string[]; hasTimeline: boolean;
  /** the kinds in the cluster file */
  kinds: ReadonlySet<string>;
}): string {
  const has = (path: string) => args.files.some((f) => f.path === path);
  const applyLine = (path: string) => `kubectl ${args.verbs.get(path) ?? 'apply'} -f ${path}`;
  const create = [
    `KWOK_KUBE_VERSION=${shQuote(args.kubeVersion)} kwokctl create cluster --name ${shQuote(args.cluster)} \\`,
    `  --kube-scheduler-config ${CONFIG_FILE}${args.featureGates || args.runtimeConfig ? ' \\' : ''}`,
    ...(args.featureGates ? [`  --kube-feature-gates ${args.featureGates}${args.runtimeConfig ? ' \\' : ''}`] : []),
    ...(args.runtimeConfig ? [`  --kube-runtime-config ${args.runtimeConfig}`] : []),
  ];
  const commands = [
    ...create,
    `kubectl config use-context ${shQuote(`kwok-${args.cluster}`)}`,
    ...(has(CLUSTER_FILE) ? [applyLine(CLUSTER_FILE)] : []),
    ...(args.counts.nodes ? ['kubectl wait --for=condition=Ready nodes --all --timeout=120s'] : []),
    ...(has(RUNNING_FILE) ? [applyLine(RUNNING_FILE)] : []),
    ...(has(SCHEDULED_FILE) ? [applyLine(SCHEDULED_FILE)] : []),
    ...(args.hasTimeline ? [`sh ${TIMELINE_FILE}`] : []),
    'kubectl get pods -A -o wide',
    'kubectl get events -A --sort-by=.metadata.creationTimestamp',
  ];
  const describeFile: Record<string, string> = {
    [CONFIG_FILE]: 'the scheduler configuration kube-scheduler starts with',
    [CLUSTER_FILE]: `namespaces, priority classes and the ${args.counts.nodes} node(s) as KWOK fake nodes, storage and DRA objects, services and disruption budgets`,
    [RUNNING_FILE]: `the ${args.counts.running} pod(s) already bound to a node (spec.nodeName): no scheduling`,
    [SCHEDULED_FILE]: `the ${args.counts.pending} pod(s) and ${args.counts.workloads} workload(s) for the scheduler, in the scenario's order`,
    [TIMELINE_FILE]: 'the timeline\'s steps as kubectl commands, with the scenario\'s timing',
  };
  const notes = [
    ...(args.seed !== undefined ? [`- Podplay breaks ties between equally scored nodes with its seeded generator (seed ${args.seed}); kube-scheduler picks at random, so tied placements can differ.`] : ['- Ties between equally scored nodes are broken at random by kube-scheduler and by Podplay\'s seeded generator: tied placements can differ.']),
    ...(args.ctx.taint ? [`- Every node carries the taint ${KWOK_TAINT.key}=${KWOK_TAINT.value}:${KWOK_TAINT.effect} so that nothing real runs on it; ${args.ctx.tolerationsAdded} pod spec(s) the scheduler places were given the toleration. It changes no filter or score: every pod the scheduler sees tolerates it. (Export without it for a cluster of fake nodes only.)`] : []),
    '- KWOK sets the fake nodes\' conditions itself (Ready); conditions written in the scenario may not survive.',
    ...(args.ctx.placeholders ? [`- ${args.ctx.placeholders} container(s) without an image were given ${PLACEHOLDER_IMAGE}; KWOK runs nothing, so it is never pulled.`] : []),
    ...(args.kinds.has('ResourceSlice') ? ['- No DRA driver runs: the ResourceSlices are created as objects (a driver would publish them), and a claim\'s status (an allocation, device conditions) is not carried over: kube-scheduler allocates the claims again, and binding conditions are never met.'] : []),
    ...(args.kinds.has('PersistentVolumeClaim') ? ['- No volume provisioner runs: a claim the simulation provisions (a StorageClass with WaitForFirstConsumer and no volume to bind) stays Pending, and so does its pod after the scheduler picks a node; CSINode and CSIStorageCapacity objects are created as the scenario has them (kubelets and CSI drivers would write them).'] : []),
    ...args.left.map((l) => `- Not exported: ${l}.`),
  ];
  return [
    `# ${args.title} on KWOK`,
    '',
    'This bundle replays a Podplay scenario against the real kube-scheduler on fake nodes made by',
    `[KWOK](https://kwok.sigs.k8s.io/) (\`kwokctl\` and \`kubectl\` needed; Kubernetes ${args.kubeVersion}).`,
    '',
    '## Files',
    '',
    ...args.files.filter((f) => f.path !== 'README.md').map((f) => `- \`${f.path}\`: ${describeFile[f.path] ?? ''}`),
    '',
    '## Run',
    '',
    '```sh',
    ...commands,
    '```',
    '',
    `Delete the cluster with \`kwokctl delete cluster --name ${shQuote(args.cluster)}\`.`,
    '',
    '## Differences from the simulation',
    '',
    ...notes,
    '',
  ].join('\n');
}

/** The scenario as files for a KWOK cluster. Never throws on input; a scenario with errors gives `errors`. */
export function exportForKwok(scenarioYaml: string, options: KwokExportOptions = {}): KwokBundle {
  const fileName = options.fileName ?? 'scenario.yaml';
  let scenario = options.loaded;
  if (!scenario) {
    const loaded = loadExpandedScenario(scenarioYaml, fileName);
    if (!loaded.ok) return { files: [], warnings: [], errors: loaded.errors.map(formatScenarioError) };
    scenario = loaded.scenario;
  }
  const parsed = parseText(scenarioYaml);
  const raw = flattenDocuments(parsed.documents);
  const ctx: Context = { taint: options.fakeNodeTaint !== false, placeholders: 0, tolerationsAdded: 0 };
  const warnings: string[] = [];

  const cluster: Obj[] = [];
  const running: Obj[] = [];
  const toSchedule: Obj[] = [];
  const workloads: Obj[] = [];
  const left = new Map<string, number>();
  const namespaces = new Set(scenario.namespaces.map((n) => n.metadata.name).filter((n) => !BUILTIN_NAMESPACES.has(n)));
  const declaredNamespaces = new Set(raw.filter((o) => kindOf(o) === 'Namespace').map(nameOf));
  // Namespaces the scenario only implies come first, as the cluster needs them before their objects.
  for (const name of namespaces) if (!declaredNamespaces.has(name)) cluster.push({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  // a PodGroup names its Workload, and pods name their PodGroup; a claim names its class, a
  // bound claim its volume: each kind after the ones it names, all before the pods
  const order = ['Namespace', 'PriorityClass', 'RuntimeClass', 'Node', ...STORAGE_EXPORT_ORDER, ...DRA_EXPORT_ORDER, 'Service', 'PodDisruptionBudget', 'Workload', 'PodGroup'];
  const clusterObjects: Obj[] = [];
  for (const o of raw) {
    const kind = kindOf(o);
    if (kind === 'Scenario' || kind === 'KubeSchedulerConfiguration') continue;
    if (kind === 'Pod') {
      (str(obj(o.spec)?.nodeName) ? running : toSchedule).push(objectForCluster(o, ctx, warnings));
    } else if (WORKLOAD_KINDS.has(kind)) {
      workloads.push(objectForCluster(o, ctx, warnings));
    } else if (order.includes(kind)) {
      if (kind === 'Namespace' && BUILTIN_NAMESPACES.has(nameOf(o))) continue;
      if (kind === 'PriorityClass' && nameOf(o).startsWith('system-')) continue;
      clusterObjects.push(objectForCluster(o, ctx, warnings));
    } else {
      // a kind the loader does not know is any string: it goes into the README and the warnings as text
      const shown = escapeControlChars(kind) || '(no kind)';
      left.set(shown, (left.get(shown) ?? 0) + 1);
    }
  }
  clusterObjects.sort((a, b) => order.indexOf(kindOf(a)) - order.indexOf(kindOf(b)));
  cluster.push(...clusterObjects);
  for (const [kind, n] of left) warnings.push(`${n} ${kind} object(s) not exported: not simulated, and the cluster may not know the kind`);

  // one line of text wherever it goes: a README heading, comments in YAML and shell
  const title = escapeControlChars(scenario.meta.title ?? scenario.meta.name ?? 'Podplay scenario');
  const head = (what: string) => commentBlock([`${title}: ${what}`]);
  const files: BundleFile[] = [{ path: CONFIG_FILE, content: schedulerConfigFile(scenario, warnings) }];
  const verbs = new Map<string, string>();
  const manifest = (path: string, what: string, objects: Obj[]) => {
    if (objects.length === 0) return;
    files.push({ path, content: head(what) + emitDocuments(objects) });
    verbs.set(path, applyVerb(objects));
  };
  manifest(CLUSTER_FILE, 'namespaces, priority classes, nodes (KWOK fake nodes), storage and DRA objects, services, budgets', cluster);
  manifest(RUNNING_FILE, 'pods already bound to their nodes', running);
  // Declared pods enter the queue before the pods the controllers make, as in the simulation.
  manifest(SCHEDULED_FILE, 'pods and workloads for the scheduler', [...toSchedule, ...workloads]);
  const script = timelineScript(scenario, ctx, warnings);
  if (script) files.push({ path: TIMELINE_FILE, content: script });

  const gates = Object.entries(scenario.meta.featureGates ?? {}).map(([k, v]) => `${k}=${v}`).join(',');
  const version = resolveKubernetesVersion(scenario.meta.kubernetesVersion, undefined).version;
  const appliedLater = scenario.timeline.flatMap((step) => (step.action === 'apply' ? step.objects as unknown as Obj[] : []));
  const genericWorkload = versionFeatureGates(versionSwitches(version), scenario.meta.featureGates).GenericWorkload;
  const lefts = [...left].map(([kind, n]) => `${n} ${kind} object(s)`);
  files.push({
    path: 'README.md',
    content: readme({
      title, cluster: escapeControlChars(options.clusterName ?? 'podplay'), kubeVersion: escapeControlChars(options.kubeVersion ?? `v${version}.0`), seed: scenario.meta.seed,
      featureGates: gates, runtimeConfig: runtimeConfigFor([...cluster, ...running, ...toSchedule, ...workloads, ...appliedLater], version, genericWorkload), files, verbs, ctx, left: lefts, hasTimeline: !!script,
      counts: { nodes: scenario.nodes.length, running: running.length, pending: toSchedule.length, workloads: workloads.length }, kinds: new Set(cluster.map(kindOf)),
    }),
  });
  return { files, warnings, errors: [] };
}

/**
 * The bundle as one file for a one-click download: the manifests in order, with the README,
 * the scheduler configuration and the timeline as comments (they are not Kubernetes objects).
 */
export function bundleAsSingleYaml(bundle: KwokBundle): string {
  const get = (path: string) => bundle.files.find((f) => f.path === path)?.content;
  const manifests = [CLUSTER_FILE, RUNNING_FILE, SCHEDULED_FILE].map(get).filter((c): c is string => c !== undefined);
  const asComment = (title: string, text: string | undefined) => (text ? commentBlock([title, '', ...text.trimEnd().split('\n')]) : '');
  return [
    asComment('README.md', get('README.md')),
    asComment(`${CONFIG_FILE} (save it as that file for kwokctl create cluster --kube-scheduler-config)`, get(CONFIG_FILE)),
    asComment(`${TIMELINE_FILE}`, get(TIMELINE_FILE)),
    manifests.join('---\n'),
  ].join('');
}


// Why a workload has fewer pods than it wants: the API server refused to create them (admission),
// so they are not Pending — they do not exist. Read from the FailedCreate events, whose messages
// are upstream's: `exceeded quota: <name>, requested: …, used: …, limited: …` (the ResourceQuota
// plugin; with limitedResources configured, `insufficient quota to consume: …` and `insufficient
// quota to match these scopes: …`) or a LimitRange's `maximum cpu usage per Container is …` (LimitRanger). Also: a Pending
// pod whose requests a LimitRange's defaults set (the kubernetes.io/limit-ranger annotation).
// Structured data; the CLI and the page word it.

import type { ClusterEvent, PodOutcome } from '../api';
import type { Diagnosis } from './diagnose';

export interface QuotaNumbers {
  /** resource → quantity, as the message prints them */
  requested: Record<string, string>;
  used: Record<string, string>;
  limited: Record<string, string>;
}

export interface AdmissionRefusal {
  /** the creator as the event names it: "ReplicaSet/shop/web-5db79bd46f", or "Pod/ns/name" for a pod in the file */
  object: string;
  /** the last refusal's time, and how many FailedCreate events there were */
  time: number;
  count: number;
  /** the pod the API server refused, as the message names it */
  pod: string;
  plugin: 'ResourceQuota' | 'LimitRanger' | 'other';
  /** ResourceQuota: the quota's name and the numbers; "failed quota" (a container leaves out what it tracks) has none */
  quota?: string;
  numbers?: QuotaNumbers;
  /** the API server's error after `is forbidden: ` */
  reason: string;
  /**
   * ResourceQuota with limitedResources (the API server's configuration): the used resources no
   * quota limits (`insufficient quota to consume: …`), or the scopes, as upstream prints them,
   * that no quota matching the pod has (`insufficient quota to match these scopes: …`)
   */
  uncovered?: { resources: string[] } | { scopes: string };
}

/** "ReplicaSet/shop/web-abc" → "ReplicaSet shop/web-abc", as the CLI and the page name a creator */
export function creatorName(object: string): string {
  const [kind = '', ns = '', name = ''] = object.split('/');
  return `${kind} ${ns}/${name}`;
}

const parseList = (text: string): Record<string, string> =>
  Object.fromEntries(text.split(',').filter(Boolean).map((kv) => { const i = kv.indexOf('='); return [kv.slice(0, i), kv.slice(i + 1)]; }));

const FORBIDDEN = /^(?:Error creating: )?pods "([^"]*)" is forbidden: (.*)$/s;
const EXCEEDED = /^exceeded quota: ([^,]+), requested: (.*), used: (.*), limited: (.*)$/s;
const FAILED_QUOTA = /^failed quota: ([^:]+): /;
const UNCOVERED_RESOURCES = /^insufficient quota to consume: (.*)$/s;
// upstream returns this one unwrapped: no `pods "x" is forbidden: ` and so no pod name
const UNCOVERED_SCOPES = /^(?:Error creating: )?insufficient quota to match these scopes: (.*)$/s;
const LIMIT_RANGE = /(?:^|\[)(?:minimum|maximum) \S+ usage per (?:Container|Pod) is |max limit to request ratio per /;

/** One refusal from a FailedCreate event's message; undefined for events of other kinds. */
export function parseRefusal(e: ClusterEvent): Omit<AdmissionRefusal, 'count'> | undefined {
  if (e.reason !== 'FailedCreate') return undefined;
  const scopes = UNCOVERED_SCOPES.exec(e.message);
  if (scopes) return { object: e.object, time: e.time, pod: '', reason: e.message.replace(/^Error creating: /, ''), plugin: 'ResourceQuota', uncovered: { scopes: scopes[1]! } };
  const m = FORBIDDEN.exec(e.message);
  if (!m) return undefined;
  const [, pod = '', reason = ''] = m;
  const base = { object: e.object, time: e.time, pod, reason };
  const ex = EXCEEDED.exec(reason);
  if (ex) return { ...base, plugin: 'ResourceQuota', quota: ex[1]!, numbers: { requested: parseList(ex[2]!), used: parseList(ex[3]!), limited: parseList(ex[4]!) } };
  const uncovered = UNCOVERED_RESOURCES.exec(reason);
  if (uncovered) return { ...base, plugin: 'ResourceQuota', uncovered: { resources: uncovered[1]!.split(',') } };
  const fq = FAILED_QUOTA.exec(reason);
  if (fq) return { ...base, plugin: 'ResourceQuota', quota: fq[1]! };
  if (LIMIT_RANGE.test(reason)) return { ...base, plugin: 'LimitRanger' };
  return { ...base, plugin: 'other' };
}

/**
 * The creators whose latest attempt to create a pod was refused, with the refusal; a creator whose
 * later attempt succeeded (a SuccessfulCreate after the refusal) is left out unless `all`.
 */
export function admissionRefusals(result: { readonly events: readonly ClusterEvent[] }, all = false): AdmissionRefusal[] {
  const latest = new Map<string, AdmissionRefusal>();
  for (const e of result.events) {
    const r = parseRefusal(e);
    if (r) {
      latest.set(e.object, { ...r, count: (latest.get(e.object)?.count ?? 0) + 1 });
    } else if (e.reason === 'SuccessfulCreate' && !all) {
      const seen = latest.get(e.object);
      // still refused after this success? only a later FailedCreate says so
      if (seen && seen.time <= e.time) latest.delete(e.object);
    }
  }
  return [...latest.values()];
}

/** The refusals that concern a workload named `name` (kind/name, a Deployment's ReplicaSets, or a pod's name). */
export function refusalsFor(refusals: readonly AdmissionRefusal[], name: string): AdmissionRefusal[] {
  const bare = name.includes('/') ? name.slice(name.lastIndexOf('/') + 1) : name;
  return refusals.filter((r) => {
    const objName = r.object.slice(r.object.lastIndexOf('/') + 1);
    return r.object === name || objName === bare || objName.startsWith(`${bare}-`) || r.pod === bare;
  });
}

/** What the LimitRanger's defaults set on a pod: resource → containers, from the annotation. */
export function limitRangeDefaults(pod: PodOutcome): { requests: Map<string, string[]>; limits: Map<string, string[]> } | undefined {
  const text = pod.scheduling?.limitRanger;
  if (!text) return undefined;
  const requests = new Map<string, string[]>();
  const limits = new Map<string, string[]>();
  // "LimitRanger plugin set: cpu, memory request for container a; cpu limit for init container b"
  for (const part of text.replace(/^LimitRanger plugin set: /, '').split('; ')) {
    const m = /^(.*) (request|limit) for (?:init )?container (.*)$/.exec(part);
    if (!m) continue;
    const into = m[2] === 'request' ? requests : limits;
    for (const res of m[1]!.split(', ')) into.set(res, [...(into.get(res) ?? []), m[3]!]);
  }
  return { requests, limits };
}

/**
 * The resources a LimitRange's defaults requested that the nodes lacked: the "Insufficient <r>"
 * reasons of the diagnosis (or, without one, of the pod's last FailedScheduling message) whose
 * request the LimitRanger set. Empty when the defaults are not why.
 */
export function defaultsThatDoNotFit(pod: PodOutcome, d?: Diagnosis): string[] {
  const defaults = limitRangeDefaults(pod);
  if (!defaults) return [];
  const reasons = d ? d.groups.map((g) => g.reason) : [...(pod.message ?? '').matchAll(/\d+ (Insufficient [^,.]+)/g)].map((m) => m[1]!);
  const insufficient = new Set(reasons.flatMap((reason) => {
    const m = /^Insufficient (.+)$/.exec(reason);
    return m ? [m[1]!] : [];
  }));
  return [...defaults.requests.keys()].filter((r) => insufficient.has(r)).sort();
}

// Shared fixtures for the InterPodAffinity tests, after upstream's scoring_test.go (`namespaces`)
// and filtering_test.go (`createPodWithAffinityTerms`). Upstream's empty namespace "" is our
// "default" (the builders' default), on both the pods and the terms.

import type { StatusCode } from '../../api';
import type { Status } from '../../framework/status';
import { makeNode, makePod } from '../../testing/builders';
import type { Affinity, Labels, Namespace, Node, Pod, PodAffinityTerm } from '../../model/types';
import { ErrReasonAffinityRulesNotMatch, ErrReasonAntiAffinityRulesNotMatch, ErrReasonExistingAntiAffinityRulesNotMatch } from './filtering';

const namespace = (name: string, labels: Labels): Namespace => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels } });

/** upstream: scoring_test.go namespaces */
export const namespaces: Namespace[] = [
  namespace('subteam1.team1', { team: 'team1' }),
  namespace('subteam2.team1', { team: 'team1' }),
  namespace('subteam1.team2', { team: 'team2' }),
  namespace('subteam2.team2', { team: 'team2' }),
];

export const node = (name: string, labels: Labels = {}): Node => makeNode().name(name).labels(labels).obj();

/** a pod with the given fields; spec.affinity is copied */
export function pod(f: { name?: string; namespace?: string; node?: string; labels?: Labels; affinity?: Affinity }): Pod {
  const w = makePod().name(f.name ?? '').labels(f.labels ?? {}).affinity(f.affinity);
  if (f.namespace !== undefined) w.namespace(f.namespace);
  if (f.node !== undefined) w.node(f.node);
  return w.obj();
}

/** Existing pods need distinct keys in the cache; upstream's are often unnamed. */
export function named(pods: Pod[]): Pod[] {
  return pods.map((p, i) => (p.metadata.name ? p : { ...p, metadata: { ...p.metadata, name: `existing-${i}` } }));
}

/** upstream: createPodWithAffinityTerms (both stanzas present, possibly empty) */
export function createPodWithAffinityTerms(ns: string, nodeName: string, labels: Labels, affinity: PodAffinityTerm[] | undefined, antiAffinity: PodAffinityTerm[] | undefined): Pod {
  return pod({
    namespace: ns, labels, ...(nodeName ? { node: nodeName } : {}),
    affinity: {
      podAffinity: affinity ? { requiredDuringSchedulingIgnoredDuringExecution: affinity } : {},
      podAntiAffinity: antiAffinity ? { requiredDuringSchedulingIgnoredDuringExecution: antiAffinity } : {},
    },
  });
}

export interface WantStatus { code: StatusCode; reasons: string[] }
export const OK: WantStatus = { code: 'Success', reasons: [] };
export const AFFINITY: WantStatus = { code: 'UnschedulableAndUnresolvable', reasons: [ErrReasonAffinityRulesNotMatch] };
export const ANTI_AFFINITY: WantStatus = { code: 'Unschedulable', reasons: [ErrReasonAntiAffinityRulesNotMatch] };
export const EXISTING_ANTI_AFFINITY: WantStatus = { code: 'Unschedulable', reasons: [ErrReasonExistingAntiAffinityRulesNotMatch] };

export const codeAndReasons = (s: Status): WantStatus => ({ code: s.code, reasons: [...s.reasons] });

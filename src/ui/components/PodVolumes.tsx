// The "Volumes:" part of `kubectl describe pod`: each volume backed by a PersistentVolumeClaim,
// the claim's state at the end of the run and where its volume can be reached (the PV's node
// affinity) — why a pod with a bound volume can only go to some nodes.

import type { KubeJsonObject, PodOutcome, SimulationResult } from '../../engine/api';

type Obj = KubeJsonObject & { spec?: Record<string, unknown>; status?: Record<string, unknown> };

interface Requirement { key: string; operator: string; values?: string[] }

/** "topology.kubernetes.io/zone in [zone-b]", terms joined by "or" */
export function describeNodeAffinity(pv: Obj | undefined): string {
  const terms = ((pv?.spec?.['nodeAffinity'] as { required?: { nodeSelectorTerms?: { matchExpressions?: Requirement[] }[] } } | undefined)?.required?.nodeSelectorTerms) ?? [];
  if (terms.length === 0) return 'any node';
  return terms.map((t) => (t.matchExpressions ?? []).map((e) => `${e.key} ${e.operator.toLowerCase()}${e.values ? ` [${e.values.join(', ')}]` : ''}`).join(', ')).join(' or ');
}

export function PodVolumes({ pod, namespace, objects }: { pod: PodOutcome; namespace: string; objects: SimulationResult['objects'] }) {
  if (!pod.volumes?.length) return null;
  const claims = (objects?.persistentVolumeClaims ?? []) as Obj[];
  const volumes = (objects?.persistentVolumes ?? []) as Obj[];
  return (
    <>
      <h4>Volumes:</h4>
      <dl className="describe pod-volumes" data-testid="pod-volumes">
        {pod.volumes.map((v) => {
          const claim = claims.find((c) => c.metadata['name'] === v.claimName && (c.metadata['namespace'] ?? 'default') === namespace);
          const volumeName = claim?.spec?.['volumeName'] as string | undefined;
          const pv = volumes.find((p) => p.metadata['name'] === volumeName);
          const selectedNode = (claim?.metadata['annotations'] as Record<string, string> | undefined)?.['volume.kubernetes.io/selected-node'];
          return (
            <div key={v.name} className="pod-volume" data-volume={v.name}>
              <dt>{v.name}:</dt>
              <dd>
                <div>Type: {v.ephemeral ? 'EphemeralVolume (a claim created and deleted with the pod)' : 'PersistentVolumeClaim (a reference to a claim in the same namespace)'}</div>
                <div>ClaimName: {v.claimName}</div>
                {claim === undefined ? <div>Claim: not found at the end of the run</div> : (
                  <>
                    <div>StorageClass: {(claim.spec?.['storageClassName'] as string | undefined) || '<none>'}</div>
                    <div data-testid="claim-status">Status at the end of the run: {(claim.status?.['phase'] as string | undefined) ?? 'Pending'}{volumeName ? ` → ${volumeName}` : ''}</div>
                    {selectedNode !== undefined && <div>Selected node: {selectedNode}</div>}
                    {volumeName !== undefined && <div data-testid="volume-reach">Volume reachable from: {describeNodeAffinity(pv)}</div>}
                  </>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </>
  );
}

// applyMatchLabelKeys (the API server's merge, model/admission/matchLabelKeys.ts) as Filter sees it.
import { describe, expect, it } from 'vitest';
import { makeNode, makePod } from '../../testing/builders';
import { newTestEnv, runPreFilterAndFilter } from '../../testing/framework';
import { ErrReasonAntiAffinityRulesNotMatch } from './filtering';
import { InterPodAffinity } from './index';
import { applyMatchLabelKeys } from '../../model/admission/matchLabelKeys';

describe('applyMatchLabelKeys at admission, seen by Filter', () => {
  it('a rolling update: anti-affinity with matchLabelKeys [pod-template-hash] only avoids pods of its own revision', () => {
    const node = makeNode().name('n1').label('kubernetes.io/hostname', 'n1').obj();
    const oldRevision = makePod().name('web-old').node('n1').labels({ app: 'web', 'pod-template-hash': 'v1' }).obj();
    const incoming = (hash: string) => applyMatchLabelKeys(makePod().name(`web-${hash}`).labels({ app: 'web', 'pod-template-hash': hash })
      .podAntiAffinity({ labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'kubernetes.io/hostname', matchLabelKeys: ['pod-template-hash'] }).obj());
    const env = newTestEnv({ nodes: [node], pods: [oldRevision] });
    const plugin = InterPodAffinity.factory({}, env.handle);
    // Same revision (v1) is avoided; a new revision (v2) is not, because its selector now requires v2.
    expect(runPreFilterAndFilter(plugin, env, incoming('v1')).filter.get('n1')!.reasons).toEqual([ErrReasonAntiAffinityRulesNotMatch]);
    expect(runPreFilterAndFilter(plugin, env, incoming('v2')).filter.get('n1')!.code).toBe('Success');
  });
});

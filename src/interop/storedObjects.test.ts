// Property: what a v1.34–v1.37 API server stores loads without error and means what the manifest
// meant. A random small cluster is written as manifests (as a person or a controller writes
// them), then stored (./testing/apiServerStore.ts: defaulting, admission merges, status,
// managedFields, resourceVersion); both are simulated, through the importer and straight into
// the loader, and every pod must land on the same node (or stay Pending) in both.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { formatScenarioError, loadExpandedScenario, simulate } from '../engine/index';
import { importAny } from './index';
import { ApiServer, type StoredMinor } from './testing/apiServerStore';
import { clusterShape, writtenCluster, type Written } from './testing/storedCluster';

type Obj = Record<string, unknown>;

// YAML as kubectl writes it: 1.1 ("yes" stays a quoted string), no anchors
const asList = (items: Obj[]): string => stringify({ apiVersion: 'v1', kind: 'List', items, metadata: { resourceVersion: '' } }, { version: '1.1', aliasDuplicateObjects: false });

function placements(text: string, fileName: string): Map<string, string> {
  const r = simulate(text, { fileName });
  if (!r.ok) expect.fail(r.errors.map(formatScenarioError).join('\n'));
  return new Map(r.result.pods.map((p) => [p.pod, p.node ?? 'Pending']));
}

function stored(written: Written[], minor: StoredMinor): Obj[] {
  const server = new ApiServer(minor);
  return written.map((w) => server.store(w.object, { node: w.node, pending: w.pending, defaultStorageClass: 'standard', priority: { high: 1000 } }));
}

const writtenObjects = (written: Written[]): Obj[] => written.map((w) => (w.node ? { ...w.object, spec: { ...(w.object.spec as Obj), nodeName: w.node } } : w.object));

const minors = fc.constantFrom<StoredMinor>(34, 35, 36, 37);

describe('objects as an API server stores them load and mean what their manifests meant', () => {
  it('imported (kubectl get -o yaml): no error, every pod where the manifests put it', () => {
    fc.assert(fc.property(clusterShape, minors, (shape, minor) => {
      const written = writtenCluster(shape);
      const storedImport = importAny(asList(stored(written, minor)), { source: 'test' });
      expect(storedImport.errors).toEqual([]);
      const writtenImport = importAny(asList(writtenObjects(written)), { source: 'test' });
      expect(placements(storedImport.yaml, 'stored.yaml')).toEqual(placements(writtenImport.yaml, 'written.yaml'));
    }), { numRuns: 6, seed: 18 });
  });

  it('pasted as a scenario (no importer): no error, no unknown-field note, every pod where the manifests put it', () => {
    fc.assert(fc.property(clusterShape, minors, (shape, minor) => {
      const written = writtenCluster(shape);
      const text = asList(stored(written, minor));
      const loaded = loadExpandedScenario(text, 'stored.yaml');
      if (!loaded.ok) expect.fail(loaded.errors.map(formatScenarioError).join('\n'));
      expect(loaded.scenario.warnings.map(formatScenarioError).filter((w) => w.includes('unknown field'))).toEqual([]);
      expect(placements(text, 'stored.yaml')).toEqual(placements(asList(writtenObjects(written)), 'written.yaml'));
    }), { numRuns: 6, seed: 180 });
  });
});

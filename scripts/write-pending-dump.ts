// Writes src/interop/fixtures/kubectl-20-nodes-pending.yaml from its generator:
//   npx tsx scripts/write-pending-dump.ts
// (pendingClusterDump.test.ts fails when the committed file and the generator disagree.)
import { writeFileSync } from 'node:fs';
import { pendingClusterDump } from '../src/interop/testing/pendingClusterDump';

writeFileSync(new URL('../src/interop/fixtures/kubectl-20-nodes-pending.yaml', import.meta.url), pendingClusterDump());

// Writes src/interop/fixtures/kubectl-production-pending.yaml from its generator:
//   npx tsx scripts/write-production-dump.ts
// (productionDump.test.ts fails when the committed file and the generator disagree.)
import { writeFileSync } from 'node:fs';
import { productionDump } from '../src/interop/testing/productionDump';

writeFileSync(new URL('../src/interop/fixtures/kubectl-production-pending.yaml', import.meta.url), productionDump());

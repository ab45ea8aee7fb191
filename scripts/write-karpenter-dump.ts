// Writes src/interop/fixtures/kubectl-karpenter-pending.yaml from its generator:
//   npx tsx scripts/write-karpenter-dump.ts
// The dump's FailedScheduling messages are the ones a v1.35 scheduler writes for this cluster: the
// generator runs once without them, the simulation's message of each Pending pod's first cycle is
// recorded, and the generator runs again with them (karpenterDump.test.ts checks the file is that output).
import { writeFileSync } from 'node:fs';
import { fleetMessages } from '../src/interop/testing/fleetMessages';
import { karpenterDump } from '../src/interop/testing/karpenterDump';

writeFileSync(new URL('../src/interop/fixtures/kubectl-karpenter-pending.yaml', import.meta.url), karpenterDump(fleetMessages(karpenterDump())));

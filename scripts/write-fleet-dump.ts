// Writes src/interop/fixtures/kubectl-fleet-pending.yaml from its generator:
//   npx tsx scripts/write-fleet-dump.ts
// The dump's FailedScheduling messages are the ones a v1.35 scheduler writes for this cluster: the
// generator runs once without them, the simulation's message of each Pending pod's first cycle is
// recorded, and the generator runs again with them (fleetDump.test.ts checks the file is that output).
import { writeFileSync } from 'node:fs';
import { fleetDump } from '../src/interop/testing/fleetDump';
import { fleetMessages } from '../src/interop/testing/fleetMessages';

writeFileSync(new URL('../src/interop/fixtures/kubectl-fleet-pending.yaml', import.meta.url), fleetDump(fleetMessages(fleetDump())));

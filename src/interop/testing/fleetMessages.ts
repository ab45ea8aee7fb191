// The FailedScheduling message of each Pending pod of a dump as the simulation writes it at the
// pod's first cycle: what the cluster the fleet dump stands for recorded (fleetDump.ts).
import { simulate } from '../../engine/index';
import { importAny } from '../index';

export function fleetMessages(dump: string): Record<string, string> {
  const imported = importAny(dump, { source: 'fleet' });
  const outcome = simulate(imported.yaml, { fileName: 'fleet.yaml' });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n'));
  const messages: Record<string, string> = {};
  for (const cycle of outcome.result.cycles) {
    if (cycle.result === 'Unschedulable' && cycle.message !== undefined && messages[cycle.pod] === undefined) messages[cycle.pod] = cycle.message;
  }
  return messages;
}

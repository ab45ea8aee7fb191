// What the CLI prints for people: `kubectl get resourceclaims -A` beside the pods and events.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../engine/index';
import { formatDeviceTaintRules, formatResourceClaims } from './kubectl';

describe('kubectl get resourceclaims', () => {
  it('prints each claim with kubectl\'s STATE: allocated,reserved or pending', () => {
    const outcome = simulate(readFileSync(join(__dirname, '../../scenarios/dra-prioritized-list.yaml'), 'utf8'));
    if (!outcome.ok) throw new Error('scenario failed');
    const lines = formatResourceClaims(outcome.result)!.split('\n');
    expect(lines[0]).toMatch(/^NAMESPACE\s+NAME\s+STATE\s+AGE$/);
    expect(lines.slice(1).map((l) => l.split(/\s+/)[2])).toEqual(['allocated,reserved', 'allocated,reserved', 'pending']);
  });

  it('prints nothing without claims', () => {
    const outcome = simulate(readFileSync(join(__dirname, '../../scenarios/taints.yaml'), 'utf8'));
    if (!outcome.ok) throw new Error('scenario failed');
    expect(formatResourceClaims(outcome.result)).toBeUndefined();
  });
});

describe('DeviceTaintRules', () => {
  it('prints each rule with its effect and the eviction controller\'s EvictionInProgress condition', () => {
    const outcome = simulate(readFileSync(join(__dirname, '../../scenarios/dra-device-taint-eviction.yaml'), 'utf8'));
    if (!outcome.ok) throw new Error('scenario failed');
    const lines = formatDeviceTaintRules(outcome.result)!.split('\n');
    expect(lines[0]).toMatch(/^NAME\s+EFFECT\s+EVICTION IN PROGRESS\s+REASON\s+MESSAGE$/);
    expect(lines[1]).toMatch(/^node-1-maintenance\s+NoExecute\s+False\s+Completed\s+2 pods evicted since starting the controller\.$/);
    expect(formatDeviceTaintRules({ ...outcome.result, objects: {} })).toBeUndefined();
  });
});

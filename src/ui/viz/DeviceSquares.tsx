// A node's DRA devices as squares: filled when a bound pod's claim holds the device, outlined when
// the allocator would take it for the pod being scheduled, hatched when it matches the pod's
// request but its pool's shared counters or its capacity are used up, empty when free. Each says
// which in words too (title, accessible name), never by colour alone. A tainted device (DRA device
// taints) is crossed out, and the node's device taints are listed under the squares. Devices are
// grouped under the attributes a claim reads (matchAttribute's PCIe root): the grouping a constraint picks by.

import { shortPodName } from '../format';
import type { DeviceMark } from './devices';

export function DeviceSquares({ marks, hideVerdict }: { marks: readonly DeviceMark[]; hideVerdict: boolean }) {
  const taken = marks.filter((m) => m.heldBy.length > 0).length;
  const taints = [...new Set(marks.flatMap((m) => m.taints ?? []))];
  // devices that share the attributes a claim reads (one PCIe root) are drawn as one group under them
  const groups = new Map<string, DeviceMark[]>();
  for (const m of marks) {
    const key = m.attributes?.join(' ') ?? '';
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  const squares = (group: readonly DeviceMark[]) => (
    <ul>
      {group.map((m) => {
        const picked = !hideVerdict && m.pickedFor !== undefined && m.heldBy.length === 0;
        const exhausted = !hideVerdict && m.exhausted === true && !picked;
        const state = m.heldBy.length > 0 ? 'held' : picked ? 'picked' : exhausted ? 'exhausted' : 'free';
        const why = m.heldBy.length > 0 ? `allocated to ${m.heldBy.map(shortPodName).join(', ')}`
          : picked ? `would be taken for ${m.pickedFor}` : exhausted ? 'matches, but its shared counters or capacity are used up' : 'free';
        const tainted = m.taints === undefined ? '' : `; tainted ${m.taints.join(', ')}`;
        const attributes = m.attributes === undefined ? '' : ` [${m.attributes.join(', ')}]`;
        return (
          <li key={m.id} className={`device ${state}${m.taints ? ' tainted' : ''}`} data-testid="device" data-device={m.id} data-state={state} {...(m.taints ? { 'data-taints': m.taints.join(',') } : {})} title={`${m.name} (${m.driver})${attributes}: ${why}${tainted}`}>
            <span className="device-square" aria-hidden="true" />
            <span className="device-name">{m.name}</span>
          </li>
        );
      })}
    </ul>
  );
  return (
    <div className="device-squares" data-testid="node-devices" aria-label={`devices: ${taken} of ${marks.length} allocated`}>
      <span className="device-count">devices {taken}/{marks.length}</span>
      {groups.size === 1 && groups.has('') ? squares(marks) : [...groups].map(([attributes, group]) => (
        <div key={attributes} className="device-group" data-testid="device-group" data-attributes={attributes}>
          {attributes !== '' && <span className="device-attributes">{attributes}</span>}
          {squares(group)}
        </div>
      ))}
      {taints.map((t) => <span key={t} className="device-taint" data-testid="device-taint">⚠{'\u00a0'}{breakable(t)}</span>)}
    </div>
  );
}

/** "example.com/maintenance=firmware:NoExecute" may wrap after its / = and :, not inside a word. */
function breakable(taint: string) {
  return taint.split(/(?<=[/=:])/).map((part, i) => <span key={i}>{i > 0 && <wbr />}{part}</span>);
}

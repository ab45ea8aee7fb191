// A node's DRA devices as squares: filled when a bound pod's claim holds the device, outlined when
// the allocator would take it for the pod being scheduled, hatched when it matches the pod's
// request but its pool's shared counters or its capacity are used up, empty when free. Each says
// which in words too (title, accessible name), never by colour alone. A tainted device (DRA device
// taints) is crossed out, and the node's device taints are listed under the squares. Beside its name,
// the attributes a claim reads (matchAttribute's PCIe root): the grouping a constraint picks by.

import { shortPodName } from '../format';
import type { DeviceMark } from './devices';

export function DeviceSquares({ marks, hideVerdict }: { marks: readonly DeviceMark[]; hideVerdict: boolean }) {
  const taken = marks.filter((m) => m.heldBy.length > 0).length;
  const taints = [...new Set(marks.flatMap((m) => m.taints ?? []))];
  return (
    <div className="device-squares" data-testid="node-devices" aria-label={`devices: ${taken} of ${marks.length} allocated`}>
      <span className="device-count">devices {taken}/{marks.length}</span>
      <ul>
        {marks.map((m) => {
          const picked = !hideVerdict && m.pickedFor !== undefined && m.heldBy.length === 0;
          const exhausted = !hideVerdict && m.exhausted === true && !picked;
          const state = m.heldBy.length > 0 ? 'held' : picked ? 'picked' : exhausted ? 'exhausted' : 'free';
          const why = m.heldBy.length > 0 ? `allocated to ${m.heldBy.map(shortPodName).join(', ')}`
            : picked ? `would be taken for ${m.pickedFor}` : exhausted ? 'matches, but its shared counters or capacity are used up' : 'free';
          const tainted = m.taints === undefined ? '' : `; tainted ${m.taints.join(', ')}`;
          return (
            <li key={m.id} className={`device ${state}${m.taints ? ' tainted' : ''}`} data-testid="device" data-device={m.id} data-state={state} {...(m.taints ? { 'data-taints': m.taints.join(',') } : {})} title={`${m.name} (${m.driver}): ${why}${tainted}`}>
              <span className="device-square" aria-hidden="true" />
              <span className="device-name">{m.name}</span>
              {m.attributes !== undefined && <span className="device-attributes" data-testid="device-attributes">{m.attributes.join(' ')}</span>}
            </li>
          );
        })}
      </ul>
      {taints.map((t) => <span key={t} className="device-taint" data-testid="device-taint">⚠{'\u00a0'}{breakable(t)}</span>)}
    </div>
  );
}

/** "example.com/maintenance=firmware:NoExecute" may wrap after its / = and :, not inside a word. */
function breakable(taint: string) {
  return taint.split(/(?<=[/=:])/).map((part, i) => <span key={i}>{i > 0 && <wbr />}{part}</span>);
}

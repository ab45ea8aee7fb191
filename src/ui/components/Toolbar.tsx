// The top bar: the Kubernetes version, playback commands (from the command registry), speed, where playback stands, help.

import { commandById } from '../../store/commands';
import { usePodplay, usePodplayStore } from '../../store/hooks';
import { SPEEDS } from '../../store/playback';
import { CommandButton } from './CommandButton';
import { CycleIndicator } from './CycleIndicator';
import { KubernetesVersion } from './KubernetesVersion';
import { SearchBox } from './SearchBox';
import { SessionButtons } from '../presenter/SessionButtons';

export function Toolbar() {
  const store = usePodplayStore();
  const playing = usePodplay((s) => s.playing);
  const speed = usePodplay((s) => s.speed);
  const setSpeed = usePodplay((s) => s.setSpeed);
  return (
    <header className="toolbar">
      <h1 className="brand">Podplay <span className="brand-sub">kube-scheduler, step by step</span></h1>
      <KubernetesVersion />
      <nav className="playback" aria-label="Playback">
        <CommandButton id="step-back"><span aria-hidden="true">◀</span> Step</CommandButton>
        <CommandButton id="step-forward">Step <span aria-hidden="true">▶</span></CommandButton>
        <CommandButton id="next-cycle">Next cycle <span aria-hidden="true">»</span></CommandButton>
        {playing
          ? <CommandButton id="pause" className="primary"><span aria-hidden="true">❚❚</span> Pause</CommandButton>
          : <CommandButton id="run" className="primary"><span aria-hidden="true">▶</span> Run</CommandButton>}
        <label className="speed">
          <span className="speed-word">speed</span>{' '}
          <select value={speed} data-testid="speed" onChange={(e) => setSpeed(Number(e.target.value))}>
            {SPEEDS.map((s) => <option key={s} value={s}>{s}×</option>)}
          </select>
        </label>
      </nav>
      <SessionButtons />
      {/* where playback stands, search and help: one group, which goes to a second row whole when the
          bar is too narrow for it (never ? alone, never the cycle cut) */}
      <div className="toolbar-status">
        <CycleIndicator />
        <SearchBox />
        <button
          type="button"
          className="button help-button"
          data-testid="help"
          aria-label="Keyboard shortcuts"
          title="Keyboard shortcuts (?)"
          onClick={() => commandById('help').run(store.getState())}
        >
          ?
        </button>
      </div>
    </header>
  );
}

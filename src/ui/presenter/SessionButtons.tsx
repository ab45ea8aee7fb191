// The toolbar's session buttons: the lesson gallery, the Compare view, the permalink, presenter mode.

import { CommandButton } from '../components/CommandButton';
import { usePodplay } from '../../store/hooks';
import { ShareButton } from '../share/ShareButton';

export function SessionButtons() {
  const presenter = usePodplay((s) => s.presenter);
  const compareOpen = usePodplay((s) => s.compareOpen);
  return (
    <nav className="session-buttons" aria-label="Lessons and sharing">
      <CommandButton id="lessons">Lessons</CommandButton>
      {/* a debugging view: in front of a room the header keeps its room for the cycle and its step */}
      {(!presenter || compareOpen) && <CommandButton id="compare" className={compareOpen ? 'pressed' : undefined}>Compare</CommandButton>}
      <ShareButton />
      <CommandButton id="presenter" className={presenter ? 'pressed' : undefined}>
        {presenter ? 'Exit presenter' : 'Present'}
      </CommandButton>
    </nav>
  );
}

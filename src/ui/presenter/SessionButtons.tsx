// The toolbar's session buttons: the lesson gallery, the permalink, presenter mode.

import { CommandButton } from '../components/CommandButton';
import { usePodplay } from '../../store/hooks';
import { ShareButton } from '../share/ShareButton';

export function SessionButtons() {
  const presenter = usePodplay((s) => s.presenter);
  return (
    <nav className="session-buttons" aria-label="Lessons and sharing">
      <CommandButton id="lessons">Lessons</CommandButton>
      <ShareButton />
      <CommandButton id="presenter" className={presenter ? 'pressed' : undefined}>
        {presenter ? 'Exit presenter' : 'Present'}
      </CommandButton>
    </nav>
  );
}

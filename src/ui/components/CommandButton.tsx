// A toolbar button for a registered command: label, shortcut and enabled state come from the registry.
// Its accessible name is its visible text (speech input users say what they see); the registry's
// label and shortcut are its title.

import type { ReactNode } from 'react';
import { commandById, keyLabel } from '../../store/commands';
import { usePodplay, usePodplayStore } from '../../store/hooks';

export function CommandButton({ id, children, className }: { id: string; children: ReactNode; className?: string }) {
  const store = usePodplayStore();
  const command = commandById(id);
  const enabled = usePodplay((s) => command.enabled(s));
  const shortcut = command.shortcut?.[0];
  return (
    <button
      type="button"
      className={`button${className ? ` ${className}` : ''}`}
      data-testid={id}
      disabled={!enabled}
      title={shortcut ? `${command.label} (${keyLabel(shortcut)})` : command.label}
      onClick={() => command.run(store.getState())}
    >
      {children}
    </button>
  );
}

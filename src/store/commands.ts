// Every user command, registered once: the toolbar, the keyboard and the `?` help overlay all read
// this list (after Excalidraw's actions registry).

import type { PodplayState } from './types';
import { currentLessonProgress, nextLessonAtEnd, openQuestion } from './lessonProgress';
import { positionAfter, positionBefore, SPEEDS } from './playback';

export interface Command {
  id: string;
  label: string;
  /**
   * KeyboardEvent.key values ("Shift+" in front when Shift is held with a named key), shown in the
   * help overlay; the first one is the one displayed
   */
  shortcut?: string[];
  /** only in a lesson: its keys win over the same keys of other commands, even when disabled */
  lessonOnly?: boolean;
  /** keys that run it with Ctrl (or ⌘) held */
  ctrlShortcut?: string[];
  enabled(state: PodplayState): boolean;
  run(state: PodplayState): void;
}

const hasCycles = (s: PodplayState) => (s.run?.cycles.length ?? 0) > 0;

/** Clicks a button of the page: for commands whose work (clipboard, files) belongs to a view. */
const clickTestId = (testId: string) => () => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`)?.click();

/** Number keys answer the open "predict before you step" question of a lesson. */
const predictCommands: Command[] = [1, 2, 3, 4].map((n) => ({
  id: `predict-${n}`, label: `Predict answer ${n}`, shortcut: [String(n)],
  enabled: (s) => (openQuestionOf(s)?.question.choices.length ?? 0) >= n,
  run(s) {
    const open = openQuestionOf(s);
    if (open !== undefined) s.predict(open.index, n - 1);
  },
}));

function openQuestionOf(s: PodplayState) {
  const lesson = currentLessonProgress(s);
  return lesson === undefined ? undefined : openQuestion(lesson.progress);
}

const inLesson = (s: PodplayState) => s.lessonId !== undefined && currentLessonProgress(s) !== undefined;

export const COMMANDS: readonly Command[] = [
  {
    // what a presenter's clicker sends: PageDown / PageUp
    // (at a lesson's end: the gallery's next lesson, on its title card)
    id: 'story-next', label: 'Next story point of the lesson', shortcut: ['ArrowRight', 'PageDown', ' '], lessonOnly: true,
    enabled: (s) => s.lessonIntro || currentLessonProgress(s)?.progress.next !== undefined || nextLessonAtEnd(s) !== undefined,
    run: (s) => s.nextStoryPoint(),
  },
  {
    id: 'story-previous', label: 'Previous story point of the lesson', shortcut: ['ArrowLeft', 'PageUp'], lessonOnly: true,
    enabled: (s) => currentLessonProgress(s)?.progress.previous !== undefined, run: (s) => s.previousStoryPoint(),
  },
  {
    id: 'step-back', label: 'Step back one extension point', shortcut: ['ArrowLeft', 'Shift+ArrowLeft', 'PageUp'],
    enabled: (s) => positionBefore(s) !== undefined, run: (s) => s.stepBack(),
  },
  {
    // on a lesson's title card, the first step forward shows the first story point
    id: 'step-forward', label: 'Step forward one extension point', shortcut: ['ArrowRight', 'Shift+ArrowRight', 'PageDown'],
    enabled: (s) => s.lessonIntro || positionAfter(s) !== undefined, run: (s) => (s.lessonIntro ? s.startLesson() : s.stepForward()),
  },
  {
    id: 'previous-cycle', label: 'Start of this cycle, then the previous one', shortcut: ['ArrowUp', 'p'],
    enabled: (s) => s.position.cycle > 1 || s.position.step > 0, run: (s) => s.previousCycle(),
  },
  {
    id: 'next-cycle', label: 'End of this cycle, then the next one', shortcut: ['ArrowDown', 'n'],
    enabled: (s) => positionAfter(s) !== undefined, run: (s) => s.nextCycle(),
  },
  {
    id: 'run', label: 'Play the cycles', shortcut: [' ', 'k'],
    enabled: (s) => hasCycles(s) && !s.playing, run: (s) => s.play(),
  },
  {
    id: 'pause', label: 'Pause', shortcut: [' ', 'k'],
    enabled: (s) => s.playing, run: (s) => s.pause(),
  },
  {
    id: 'first-cycle', label: 'First cycle', shortcut: ['Home'],
    enabled: hasCycles, run: (s) => s.toFirstCycle(),
  },
  {
    id: 'last-cycle', label: 'Last cycle', shortcut: ['End'],
    enabled: hasCycles, run: (s) => s.toLastCycle(),
  },
  {
    id: 'slower', label: 'Slower', shortcut: ['-'],
    enabled: (s) => s.speed > SPEEDS[0], run: (s) => s.slower(),
  },
  {
    id: 'faster', label: 'Faster', shortcut: ['+', '='],
    enabled: (s) => s.speed < SPEEDS[SPEEDS.length - 1]!, run: (s) => s.faster(),
  },
  {
    id: 'toggle-node-details', label: 'Show or hide node labels and taints', shortcut: ['l'],
    enabled: () => true, run: (s) => s.toggleNodeDetails(),
  },
  {
    id: 'open', label: 'Open a scenario file…', shortcut: ['o'],
    enabled: () => true, run: () => document.querySelector<HTMLInputElement>('[data-testid="open-file"]')?.click(),
  },
  {
    id: 'lessons', label: 'Lessons…', shortcut: ['g'],
    enabled: () => true, run: (s) => s.setDialog(s.dialog === 'lessons' ? undefined : 'lessons'),
  },
  ...predictCommands,
  {
    id: 'presenter', label: 'Presenter mode (large type, no editor)', shortcut: ['f'],
    enabled: () => true, run: (s) => s.setPresenter(!s.presenter),
  },
  {
    // a live "what if" in front of the room: the lesson's scenario in an editor of its own, which
    // keys reach only when it has the focus (issue 19)
    id: 'live-edit', label: 'What if? Edit the lesson\'s scenario live (presenter mode)', shortcut: ['e'],
    enabled: (s) => s.presenter && s.lessonId !== undefined, run: (s) => s.setDialog(s.dialog === 'liveEdit' ? undefined : 'liveEdit'),
  },
  {
    id: 'compare', label: 'Compare two scheduler configurations on this scenario', shortcut: ['c'],
    enabled: () => true, run: (s) => s.setCompareOpen(!s.compareOpen),
  },
  {
    id: 'share-link', label: 'Copy a link to this exact state', shortcut: ['s'],
    enabled: () => true, run: clickTestId('share-link'),
  },
  {
    id: 'import', label: 'Import kubectl output, manifests or a simulator export…', shortcut: ['i'],
    enabled: () => true, run: (s) => s.setDialog('import'),
  },
  {
    id: 'download-yaml', label: 'Download the scenario (.yaml)', shortcut: ['d'],
    enabled: (s) => s.text.trim() !== '', run: clickTestId('download-yaml'),
  },
  {
    id: 'export-kwok', label: 'Export for a real cluster (KWOK bundle, .zip)',
    enabled: (s) => s.text.trim() !== '', run: clickTestId('export-kwok'),
  },
  {
    id: 'search', label: 'Find a pod or a node (name, namespace, label)', shortcut: ['/'], ctrlShortcut: ['k'],
    enabled: () => true, run: () => document.querySelector<HTMLInputElement>('[data-testid="search"]')?.focus(),
  },
  {
    id: 'help', label: 'Keyboard shortcuts', shortcut: ['?'],
    enabled: () => true, run: (s) => s.setHelpOpen(!s.helpOpen),
  },
];

export function commandById(id: string): Command {
  const command = COMMANDS.find((c) => c.id === id);
  if (command === undefined) throw new Error(`no command ${id}`);
  return command;
}

/**
 * The enabled command a key press means, if any. Keys with Ctrl, Alt or Meta belong to the browser
 * (except a command's own ctrlShortcut);
 * Shift counts only where it makes the character ("?", "+").
 */
export function commandForKey(state: PodplayState, event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): Command | undefined {
  if (event.altKey) return undefined;
  if (event.ctrlKey || event.metaKey) return COMMANDS.find((c) => c.ctrlShortcut?.includes(event.key.toLowerCase()) && c.enabled(state));
  const key = event.shiftKey && event.key.length > 1 ? `Shift+${event.key}` : event.key;
  if (inLesson(state)) {
    const lessonCommand = COMMANDS.find((c) => c.lessonOnly && c.shortcut?.includes(key));
    if (lessonCommand !== undefined) return lessonCommand.enabled(state) ? lessonCommand : undefined;
  }
  return COMMANDS.find((c) => !c.lessonOnly && c.shortcut?.includes(key) && c.enabled(state));
}

/** How a key is written in the help overlay. */
export function keyLabel(key: string): string {
  const names: Record<string, string> = {
    ' ': 'Space', ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓',
  };
  if (key.startsWith('Shift+')) return `Shift+${keyLabel(key.slice('Shift+'.length))}`;
  return names[key] ?? key;
}

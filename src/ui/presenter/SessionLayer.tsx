// What links, lessons and imports put on top of the page: notices, the lesson gallery, the import
// dialog (and dropping files anywhere), presenter mode's live edit, and the page's mode classes (presenter, lesson title card).

import { useEffect } from 'react';
import { lessonById } from '../../lessons/lazy';
import { usePodplay } from '../../store/hooks';
import { ImportLayer } from '../importExport/ImportLayer';
import { LessonGallery } from '../lessons/LessonGallery';
import { Notices } from '../share/Notices';
import { releaseHiddenFocus } from '../useKeyboard';
import { LiveEdit } from './LiveEdit';
import './presenter.css';

export function SessionLayer() {
  // presenter mode hides the editor: the focus it had goes, so no key lands in the hidden text
  const presenter = usePodplay((s) => s.presenter);
  useEffect(() => {
    if (presenter) releaseHiddenFocus();
  }, [presenter]);
  return (
    <>
      <Notices />
      <LessonGallery />
      <ImportLayer />
      <LiveEdit />
    </>
  );
}

/**
 * Classes for the page root: presenter mode, a lesson panel, and a lesson's title card (which
 * hides cycle 1). The layout keys off these classes, never `:has()`: a `:has()` rule makes Chrome
 * recompute the style of the whole page on DOM changes below it, a thousand node tiles included.
 */
export function useSessionClasses(): string {
  const presenter = usePodplay((s) => s.presenter);
  const intro = usePodplay((s) => s.lessonIntro && s.lessonId !== undefined);
  // the lesson panel is drawn exactly when the lesson is known (see LessonPanel)
  const lesson = usePodplay((s) => s.lessonId !== undefined && lessonById(s.lessonId) !== undefined);
  return `${presenter ? ' presenter' : ''}${lesson ? ' with-lesson' : ''}${intro ? ' lesson-intro' : ''}`;
}

// What links, lessons and imports put on top of the page: notices, the lesson gallery, the import
// dialog (and dropping files anywhere), and the page's mode classes (presenter, lesson title card).

import { lessonById } from '../../lessons';
import { usePodplay } from '../../store/hooks';
import { ImportLayer } from '../importExport/ImportLayer';
import { LessonGallery } from '../lessons/LessonGallery';
import { Notices } from '../share/Notices';
import './presenter.css';

export function SessionLayer() {
  return (
    <>
      <Notices />
      <LessonGallery />
      <ImportLayer />
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

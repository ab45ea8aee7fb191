// The lesson gallery: every lesson by topic, with its title and summary. Opening one loads its
// scenario on the lesson's title card.

import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { scenarioRunsAs } from '../../interop/scenarioVersion';
import { allLessons, loadAllLessons, lessonsByTopic, lessonStory, onLessonsLoaded, type Lesson } from '../../lessons/lazy';
import { usePodplay } from '../../store/hooks';
import { useModalDialog } from '../useModalDialog';
import './lessons.css';

/** The presses the lesson takes (one per story point), its questions, and how far it was followed. */
function LessonMeta({ lesson, reached }: { lesson: Lesson; reached: number | undefined }) {
  const { points, questions } = lessonStory(lesson);
  const done = reached === undefined ? 0 : reached + 1;
  return (
    <span className="lesson-card-meta" data-testid="lesson-card-meta" data-presses={points.length} data-reached={done}>
      {points.length} press{points.length === 1 ? '' : 'es'} · {questions.length} question{questions.length === 1 ? '' : 's'}
      {done > 0 && (
        <span className="lesson-card-progress">
          {' · '}{done >= points.length ? 'done' : `${done}/${points.length} seen`}
          <span className="lesson-progress-bar" aria-hidden="true"><span style={{ width: `${(100 * done) / points.length}%` }} /></span>
        </span>
      )}
    </span>
  );
}

/** Every lesson, fetched when the gallery is first opened (a lesson link loads only its own first). */
function useAllLessons(wanted: boolean): { all: readonly Lesson[] | undefined; failed: string | undefined } {
  const all = useSyncExternalStore(onLessonsLoaded, allLessons);
  const [failed, setFailed] = useState<string>();
  useEffect(() => {
    if (!wanted || all !== undefined) return;
    loadAllLessons().catch((e: unknown) => setFailed(e instanceof Error ? e.message : String(e)));
  }, [wanted, all]);
  return { all, failed };
}

export function LessonGallery() {
  const open = usePodplay((s) => s.dialog === 'lessons');
  const dialog = useModalDialog(open);
  const current = usePodplay((s) => s.lessonId);
  const setDialog = usePodplay((s) => s.setDialog);
  const openLesson = usePodplay((s) => s.openLesson);
  const reached = usePodplay((s) => s.lessonReached);
  const { all, failed } = useAllLessons(open);
  const topics = useMemo(() => (all === undefined ? [] : lessonsByTopic(all)), [all]);


  return (
    <dialog
      ref={dialog}
      className="lesson-gallery"
      data-testid="lesson-list"
      aria-labelledby="lesson-gallery-title"
      onClose={() => { if (open) setDialog(undefined); }}
    >
      <header className="gallery-head">
        <h2 id="lesson-gallery-title">Lessons</h2>
        <p>
          Each lesson is a scenario that tells its own story. Before each step, predict what the scheduler will do;
          stepping (<kbd>→</kbd>) shows whether you were right. <kbd>F</kbd> switches to presenter mode.
        </p>
        <button type="button" className="button" onClick={() => setDialog(undefined)}>Close</button>
      </header>
      {all === undefined && (
        <p className="gallery-loading" role="status">
          {failed === undefined ? 'Loading the lessons…' : `The lessons could not be loaded (${failed}). Close this and open it again to retry.`}
        </p>
      )}
      {topics.map(([topic, list]) => (
        <section key={topic} className="gallery-topic" aria-label={topic}>
          <h3>{topic}</h3>
          <ul className="lesson-cards">
            {list.map((lesson) => (
              <li key={lesson.id}>
                <button
                  type="button"
                  className={`lesson-card${lesson.id === current ? ' current' : ''}`}
                  data-testid="lesson-card"
                  data-lesson={lesson.id}
                  onClick={() => openLesson(lesson.id)}
                >
                  <span className="lesson-card-topic">{lesson.topic}</span>
                  <span className="lesson-card-title">{lesson.title}</span>
                  <span className="lesson-card-summary">{lesson.summary}</span>
                  <span className="lesson-card-version" data-testid="lesson-card-version">kube-scheduler v{scenarioRunsAs(lesson.scenario)}</span>
                  <LessonMeta lesson={lesson} reached={reached[lesson.id]} />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </dialog>
  );
}

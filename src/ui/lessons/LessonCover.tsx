// A lesson's title card over the stage: nothing of the first cycle shows (not even which pod goes
// first) until the user starts, so the first questions can be asked honestly.

import { scenarioRunsAs } from '../../interop/scenarioVersion';
import { lessonById } from '../../lessons/lazy';
import { usePodplay } from '../../store/hooks';
import './lessons.css';

export function LessonCover() {
  const intro = usePodplay((s) => s.lessonIntro);
  const lesson = usePodplay((s) => (s.lessonId === undefined ? undefined : lessonById(s.lessonId)));
  const ready = usePodplay((s) => s.run !== undefined && s.run.text === s.text && s.run.cycles.length > 0);
  const startLesson = usePodplay((s) => s.startLesson);
  if (!intro || lesson === undefined) return null;
  return (
    <div className="lesson-cover" data-testid="lesson-cover">
      <div className="lesson-cover-card">
        <p className="lesson-topic">{lesson.topic} · <span data-testid="lesson-version">kube-scheduler v{scenarioRunsAs(lesson.scenario)}</span></p>
        <h2>{lesson.title}</h2>
        <p className="lesson-cover-summary">{lesson.summary}</p>
        <button type="button" className="button primary" data-testid="lesson-start" disabled={!ready} onClick={startLesson}>
          {ready ? <>Start <kbd>→</kbd></> : 'Simulating…'}
        </button>
      </div>
    </div>
  );
}

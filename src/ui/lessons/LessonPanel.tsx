// The lesson on screen: its narration at the current step and its "predict before you step"
// questions, whose answers show once playback reaches the point of the trace that settles them.

import { useEffect, useRef } from 'react';
import { lessonById, type Lesson } from '../../lessons/lazy';
import { useLessonProgress, usePodplay } from '../../store/hooks';
import { nextLessonAtEnd, openQuestion, type QuestionProgress } from '../../store/lessonProgress';
import { CommandButton } from '../components/CommandButton';
import { FitBox } from '../presenter/FitBox';
import { useTouchScreen } from '../useTouchScreen';
import './lessons.css';

/** Scrolls the lesson panel (only it: scrollIntoView would also move the page's hidden overflow). */
function scrollIntoPanel(el: HTMLElement): void {
  const panel = el.closest<HTMLElement>('.lesson-panel');
  if (panel === null) return;
  const box = panel.getBoundingClientRect();
  const at = el.getBoundingClientRect();
  if (at.bottom > box.bottom) panel.scrollTop += Math.min(at.bottom - box.bottom, at.top - box.top);
  else if (at.top < box.top) panel.scrollTop -= box.top - at.top;
}

/** What to do next with a question, in the student's own controls: keys and → at a keyboard, a tap
 *  and Next on a touch screen. */
function predictHint(predicted: boolean, touch: boolean): string {
  if (touch) return predicted ? 'Now tap Next and watch.' : 'Tap your prediction, then Next to find out.';
  return predicted ? 'Now → and watch.' : 'Predict (keys 1–4), then → to find out.';
}

function Question({ q, open, earlier, superseded, onPredict }: {
  q: QuestionProgress; open: boolean; earlier: boolean;
  /** answered while another question is open: presenter mode keeps only its answer */
  superseded: boolean;
  onPredict(choice: number): void;
}) {
  const { question, revealed, prediction } = q;
  const touch = useTouchScreen();
  const state = revealed ? 'revealed' : prediction !== undefined ? 'predicted' : 'open';
  const item = useRef<HTMLLIElement>(null);
  // a question just asked, or just answered by stepping, scrolls into view in the panel
  useEffect(() => {
    if (state !== 'predicted' && item.current !== null) scrollIntoPanel(item.current);
  }, [state]);
  const verdict = !revealed || prediction === undefined ? undefined : prediction === question.answer ? 'right' : 'wrong';
  return (
    <li ref={item} className={`lesson-question q-${state}${earlier ? ' q-earlier' : ''}${superseded ? ' q-superseded' : ''}`} data-testid="lesson-question" data-state={state} data-question={q.index}>
      <p className="q-prompt">{question.prompt}</p>
      <ol className="q-choices">
        {question.choices.map((choice, i) => {
          const isAnswer = revealed && i === question.answer;
          const isWrongGuess = revealed && prediction === i && i !== question.answer;
          return (
            // presenter mode keeps one question's choices on screen, the open one's: of an answered
            // question the answer and the wrong guess, of one still to come only the prediction made
            <li key={i} className={(revealed ? !isAnswer && !isWrongGuess : !open && prediction !== i) ? 'q-aside' : undefined}>
              <button
                type="button"
                className={`q-choice${prediction === i ? ' chosen' : ''}${isAnswer ? ' answer' : ''}${isWrongGuess ? ' wrong' : ''}`}
                data-testid="lesson-choice"
                aria-pressed={prediction === i}
                disabled={revealed}
                onClick={() => onPredict(i)}
              >
                {open && i < 4 ? <kbd aria-hidden="true">{i + 1}</kbd> : <span className="q-letter" aria-hidden="true">{i + 1}.</span>}
                <span className="q-choice-text">{choice}</span>
                {isAnswer && <span className="q-mark"> ✓ answer</span>}
                {isWrongGuess && <span className="q-mark"> ✗ your guess</span>}
              </button>
            </li>
          );
        })}
      </ol>
      {revealed ? (
        <p className="q-explanation" data-testid="lesson-answer">
          {verdict === 'right' && <strong>Right. </strong>}
          {verdict === 'wrong' && <strong>Not this time. </strong>}
          {question.explanation}
        </p>
      ) : (
        <p className="q-hint">{predictHint(prediction !== undefined, touch)}</p>
      )}
    </li>
  );
}

function LessonHead({ lesson }: { lesson: Lesson }) {
  const closeLesson = usePodplay((s) => s.closeLesson);
  const setDialog = usePodplay((s) => s.setDialog);
  return (
    <header className="lesson-head">
      <p className="lesson-topic">{lesson.topic}</p>
      <h2 className="lesson-title">{lesson.title}</h2>
      <div className="lesson-head-actions">
        <button type="button" className="button small" onClick={() => setDialog('lessons')} title="All lessons (g)">All lessons</button>
        <button type="button" className="button small" onClick={closeLesson} aria-label="Close the lesson" title="Close the lesson (the scenario stays)">×</button>
      </div>
    </header>
  );
}

export function LessonPanel() {
  const intro = usePodplay((s) => s.lessonIntro);
  // on a projector the text and the question must fit beside the stage: scaled as a whole if need be
  const presenter = usePodplay((s) => s.presenter);
  const edited = usePodplay((s) => s.lessonId !== undefined && s.text !== lessonById(s.lessonId)?.scenario);
  const predict = usePodplay((s) => s.predict);
  const openLesson = usePodplay((s) => s.openLesson);
  const setText = usePodplay((s) => s.setText);
  const current = useLessonProgress();
  const after = usePodplay((s) => nextLessonAtEnd(s));
  if (current === undefined) return null;
  const { lesson, progress } = current;
  const open = openQuestion(progress);

  return (
    <aside className="lesson-panel" data-testid="lesson-panel" data-lesson={lesson.id} aria-label={`Lesson: ${lesson.title}`}>
      <FitBox enabled={presenter}>
      <LessonHead lesson={lesson} />
      {intro ? (
        <div className="lesson-intro-text" data-testid="lesson-narration" data-intro="true">
          <p>{lesson.summary}</p>
          {lesson.docs !== undefined && (
            <p className="lesson-docs">From the Kubernetes docs: <a href={lesson.docs} target="_blank" rel="noopener noreferrer">{lesson.docs.replace(/^https:\/\//, '')}</a></p>
          )}
        </div>
      ) : (
        <div className={`lesson-narration${edited ? ' changed' : ''}`} data-testid="lesson-narration" data-changed={edited} aria-live="polite">
          {progress.narration.length === 0
            ? <p className="empty">Press → for the lesson&apos;s next point.</p>
            : progress.narration.map((text, i) => <p key={i} data-point={progress.current}>{text}</p>)}
        </div>
      )}
      {!intro && (
        <p className="lesson-story-progress" data-testid="lesson-story-progress" data-point={progress.current} data-points={progress.story.points.length}>
          {progress.next === undefined && progress.current >= 0
            ? (
              <span className="lesson-end" data-testid="lesson-end">
                End of the lesson.
                {after !== undefined && <span className="lesson-after" data-testid="lesson-after" data-lesson={after.id}> Next: {after.title} <kbd>→</kbd></span>}
              </span>
            )
            : <>Point {progress.current + 1} of {progress.story.points.length}</>}
          <span className="lesson-story-buttons">
            <CommandButton id="story-previous" className="small"><span aria-hidden="true">◀</span> Back</CommandButton>
            <CommandButton id="story-next" className="small primary">Next <kbd>→</kbd></CommandButton>
          </span>
        </p>
      )}
      {edited && (
        <p className="lesson-edited" role="note" data-testid="lesson-changed">
          <strong>Changed:</strong> what you see is the edited scenario; the narration and answers describe the original.{' '}
          <button type="button" className="button small" onClick={() => setText(lesson.scenario)} title="The lesson's own scenario, at this point">Restore the lesson</button>{' '}
          <button type="button" className="button small" onClick={() => openLesson(lesson.id)}>Restart</button>
        </p>
      )}
      {progress.questions.length > 0 && (
        <ol className="lesson-questions" aria-label="Predict before you step">
          {progress.questions.map((q) => (
            <Question
              key={q.index}
              q={q}
              open={q === open}
              earlier={q.revealed && q.revealedAtPoint !== progress.current}
              superseded={q.revealed && open !== undefined}
              onPredict={(choice) => predict(q.index, choice)}
            />
          ))}
        </ol>
      )}
      {progress.upcoming > 0 && <p className="lesson-upcoming">{progress.upcoming} more question{progress.upcoming === 1 ? '' : 's'} ahead.</p>}
      </FitBox>
    </aside>
  );
}


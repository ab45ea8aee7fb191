// The page: toolbar; the scenario editor on the left; on the right the cycle strip, the extension
// points of the cycle, the narration, the cluster, and the step's details beside the side tabs.

import { Component, type ReactNode } from 'react';
import { usePodplay } from '../store/hooks';
import { lazyView } from './lazyView';
import { CycleStrip } from './components/CycleStrip';
import { DetailTabs } from './components/DetailTabs';
import { HelpOverlay } from './components/HelpOverlay';
import { Narration } from './components/Narration';
import { PhaseTrack } from './components/PhaseTrack';
import { Toolbar } from './components/Toolbar';
import { EditorPane } from './editor/EditorPane';
import { LessonCover } from './lessons/LessonCover';
import { LessonPanel } from './lessons/LessonPanel';
import { StageFit } from './presenter/FitBox';
import { SessionLayer, useSessionClasses } from './presenter/SessionLayer';
import { useKeyboard, useReducedMotion } from './useKeyboard';
import { ClusterView } from './viz/ClusterView';
import { StepDetails } from './viz/StepDetails';

const CompareView = lazyView(() => import('./compare/CompareView').then((m) => m.CompareView));

/** A view that throws shows a note in its place; the rest of the page (and the editor) keeps working. */
class ViewBoundary extends Component<{ name: string; children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <div className="view-error" role="alert">
        The {this.props.name} could not be drawn ({this.state.error.message}).{' '}
        <button type="button" className="button small" onClick={() => this.setState({ error: undefined })}>Try again</button>
      </div>
    );
  }
}

export function App() {
  useKeyboard();
  useReducedMotion();
  const sessionClasses = useSessionClasses();
  const compareOpen = usePodplay((s) => s.compareOpen);
  return (
    <div className={`app${sessionClasses}`}>
      <Toolbar />
      <main className="workspace">
        <ViewBoundary name="lesson"><LessonPanel /></ViewBoundary>
        <EditorPane />
        <div className="stage">
          <LessonCover />
          <div className="stage-bar">
            <ViewBoundary name="phase track"><PhaseTrack /></ViewBoundary>
            <ViewBoundary name="cycle strip"><CycleStrip /></ViewBoundary>
          </div>
          <ViewBoundary name="narration"><Narration /></ViewBoundary>
          {compareOpen
            ? <ViewBoundary name="compare view"><CompareView /></ViewBoundary>
            : <ViewBoundary name="cluster view"><StageFit><ClusterView /></StageFit></ViewBoundary>}
          <div className="details">
            <ViewBoundary name="step details"><StepDetails /></ViewBoundary>
            <ViewBoundary name="side panel"><DetailTabs /></ViewBoundary>
          </div>
        </div>
      </main>
      <HelpOverlay />
      <SessionLayer />
    </div>
  );
}

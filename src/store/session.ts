// The session slice: what links and lessons add to the playground. The lesson on screen and the
// predictions made in it, presenter mode, which of the gallery and import dialogs is open, notices,
// and a playback position waiting for its cycle to arrive (a link being restored).

import type { StoreApi } from 'zustand/vanilla';
import { isListedLesson, lessonById, type Lesson } from '../lessons/lazy';
import { currentLessonProgress, hiddenNow, nextLessonAtEnd, type StoryTarget } from './lessonProgress';
import { stepFor } from './permalinkState';
import type { PodplayState, SessionSlice } from './types';

type Set = StoreApi<PodplayState>['setState'];
type Get = StoreApi<PodplayState>['getState'];

export const lessonFileName = (lesson: Pick<Lesson, 'id'>): string => `${lesson.id}.yaml`;

/**
 * What the page says when a link's lesson is not loaded: one this build lists but whose catalog
 * file could not be fetched (offline before the page was cached, or a newer deployment removed the
 * old chunk) is not an unknown lesson, and a reload can bring it back.
 */
export function missingLessonNotice(id: string): { title: string; text: string } {
  return isListedLesson(id)
    ? { title: 'Lesson not loaded', text: `The narration of lesson "${id}" could not be fetched (offline, or Podplay was updated since this page loaded); the scenario opened without it. Reload when online to get the lesson.` }
    : { title: 'Unknown lesson', text: `This link names a lesson this version of Podplay does not have ("${id}"); the scenario opened without its narration.` };
}
export const SHARED_FILE_NAME = 'shared-scenario.yaml';

export function createSession(set: Set, get: Get, api: Pick<StoreApi<PodplayState>, 'subscribe'>): SessionSlice {
  let nextNotice = 1;
  /** true while this slice replaces the scenario itself (the lesson and seed it sets must stay) */
  let loading = false;

  function load(fileName: string, text: string, seed: number | undefined, via: 'link' | 'open'): void {
    loading = true;
    try {
      get().openScenario(fileName, text, seed, via);
    } finally {
      loading = false;
    }
  }

  /** Moves to the pending position as soon as the run of the text on screen has its cycle. */
  function followPendingPosition(): void {
    const { pendingPosition: target, run, text } = get();
    if (target === undefined || run === undefined || run.text !== text) return;
    const summary = run.cycles[target.cycle - 1];
    if (summary !== undefined) {
      set({ pendingPosition: undefined });
      get().seekCycle(target.cycle);
      get().seekStep(stepFor(summary.phases, target.phase));
    } else if (run.complete) {
      set({ pendingPosition: undefined });
      get().toLastCycle();
    }
  }

  function goToPoint(target: StoryTarget): void {
    set({ lessonIntro: false, storyPoint: target.point });
    get().seekCycle(target.position.cycle);
    get().seekStep(target.position.step);
  }

  api.subscribe((state, previous) => {
    // another scenario was opened (Open…, an import): the lesson is over
    if (!loading && state.lessonId !== undefined && state.fileName !== previous.fileName) {
      set({ lessonId: undefined, lessonIntro: false, predictions: {} });
    }
    // any move past the first step leaves the title card
    const { cycle, step } = state.position;
    if (state.lessonIntro && (cycle > 1 || step > 0)) set({ lessonIntro: false });
    // the cluster view draws nothing an open question hides (stageHidden, read by src/ui/viz)
    const hidden = hiddenNow(state);
    const stage = state.stageHidden;
    const wanted = {
      scores: hidden.has('scores'), placement: hidden.has('placement'), feasibility: hidden.has('feasibility'), events: hidden.has('events'),
      cycleEnd: currentLessonProgress(state)?.progress.beforeCycleEnd === true,
      grace: currentLessonProgress(state)?.progress.hidesGrace === true,
    };
    if ((Object.keys(wanted) as (keyof typeof wanted)[]).some((k) => stage[k] !== wanted[k])) set({ stageHidden: wanted });
    if (state.lessonId !== undefined && (state.position !== previous.position || state.storyPoint !== previous.storyPoint || state.run !== previous.run)) {
      const current = currentLessonProgress(state)?.progress.current ?? -1;
      const reached = state.lessonReached[state.lessonId] ?? -1;
      if (current > reached) set({ lessonReached: { ...state.lessonReached, [state.lessonId]: current } });
    }
    if (state.pendingPosition !== undefined && (state.run !== previous.run || state.pendingPosition !== previous.pendingPosition)) {
      followPendingPosition();
    }
  });

  return {
    lessonIntro: false,
    predictions: {},
    lessonReached: {},
    presenter: false,
    notices: [],
    loadCount: 0,
    openLesson(id) {
      const lesson = lessonById(id);
      if (lesson === undefined) return false;
      load(lessonFileName(lesson), lesson.scenario, lesson.seed, 'open');
      set({
        lessonId: lesson.id, lessonIntro: true, predictions: {}, storyPoint: undefined, pendingPosition: undefined, dialog: undefined,
        loadCount: get().loadCount + 1,
      });
      return true;
    },
    startLesson() {
      if (!get().lessonIntro) return;
      const next = currentLessonProgress(get())?.progress.next;
      if (next !== undefined) {
        goToPoint(next);
        return;
      }
      set({ lessonIntro: false });
      if (get().position.cycle === 0) get().stepForward();
    },
    nextStoryPoint() {
      if (get().lessonIntro) {
        get().startLesson();
        return;
      }
      const next = currentLessonProgress(get())?.progress.next;
      if (next !== undefined) goToPoint(next);
      else {
        const after = nextLessonAtEnd(get());
        if (after !== undefined) get().openLesson(after.id);
      }
    },
    previousStoryPoint() {
      const previous = currentLessonProgress(get())?.progress.previous;
      if (previous === undefined) return;
      if (previous === 'intro') {
        get().pause();
        set({ lessonIntro: true, storyPoint: undefined });
        get().toFirstCycle();
        set({ lessonIntro: true });
      } else {
        goToPoint(previous);
      }
    },
    closeLesson: () => set({ lessonId: undefined, lessonIntro: false, predictions: {}, storyPoint: undefined }),
    predict(question, choice) {
      set({ predictions: { ...get().predictions, [question]: choice } });
    },
    setPresenter: (presenter) => set({ presenter }),
    setDialog: (dialog) => set({ dialog }),
    restore(link, { fileName, newEntry, reload = false }) {
      const lesson = link.lesson === undefined ? undefined : lessonById(link.lesson);
      get().pause();
      const state = get();
      const sameScenario = link.scenario === state.text && link.seed === state.seed;
      if (!sameScenario) {
        load(fileName ?? (lesson ? lessonFileName(lesson) : SHARED_FILE_NAME), link.scenario, link.seed, reload ? 'open' : 'link');
      }
      const view = link.view ?? {};
      set({
        lessonId: lesson?.id,
        lessonIntro: lesson !== undefined && link.cycle === undefined,
        predictions: sameScenario && lesson?.id === state.lessonId ? state.predictions : {},
        presenter: view.presenter ?? false,
        topologyKey: view.topologyKey,
        showNodeDetails: view.showLabels === true || view.showTaints === true,
        inspectedPod: link.pod,
        ...(link.pod !== undefined ? { detailTab: 'pod' as const } : {}),
        ...(link.compare !== undefined ? { compareOpen: true, compareConfig: link.compare.config } : { compareOpen: false }),
        // format 4: the upgrade preview, whose versions decide the Compare view's mode
        ...(link.compareVersions !== undefined ? { compareOpen: true, compareVersions: link.compareVersions } : { compareVersions: undefined }),
        // no position in the link: the start (set together with lessonIntro, which a later step ends)
        ...(link.cycle === undefined || link.cycle === 0
          ? { pendingPosition: undefined, position: { cycle: Math.min(1, get().run?.cycles.length ?? 0), step: 0 } }
          : { pendingPosition: { cycle: link.cycle, phase: link.phase ?? 'queue' } }),
        loadCount: state.loadCount + (newEntry ? 1 : 0),
      });
      // asks for the first cycle's frame when the run on screen already has it
      if (link.cycle === undefined || link.cycle === 0) get().toFirstCycle();
      if (link.lesson !== undefined && lesson === undefined) {
        get().notify({ kind: 'info', ...missingLessonNotice(link.lesson) });
      }
      followPendingPosition();
    },
    openEmpty(title, reason) {
      get().pause();
      const before = get();
      before.keepPrevious('', 'open');
      set({
        text: '', fileName: 'untitled.yaml', seed: undefined, position: { cycle: 0, step: 0 }, editorDeferred: false,
        inspectedPod: undefined, lessonId: undefined, lessonIntro: false, predictions: {}, pendingPosition: undefined,
      });
      get().simulateNow();
      const restorable = before.text.trim() !== '';
      get().notify({
        kind: 'error', title, text: reason,
        ...(restorable ? { action: { label: `Open ${before.fileName} instead`, run: () => get().openScenario(before.fileName, before.text, before.seed) } } : {}),
      });
    },
    openImported(fileName, text) {
      get().openScenario(fileName, text);
      set({ dialog: undefined, loadCount: get().loadCount + 1 });
    },
    notify(notice) {
      const id = nextNotice++;
      // a notice of the same title is about the same thing, now older: the new one replaces it
      const others = get().notices.filter((n) => n.title !== notice.title);
      set({ notices: [...others, { ...notice, id }] });
    },
    dismissNotice: (id) => set({ notices: get().notices.filter((n) => n.id !== id) }),
  };
}

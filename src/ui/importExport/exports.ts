// Downloads of the scenario on screen: as the .yaml it is, and as a bundle that replays it on a
// real kube-scheduler with KWOK fake nodes. The work runs in the import/export worker.

import type { ScenarioFileOptions } from '../../interop';
import { lessonById } from '../../lessons/lazy';
import type { PodplayStore } from '../../store/store';
import { interopClient } from './interopClient';
import { baseName, saveFile } from './saveFile';

export async function downloadScenario(store: PodplayStore): Promise<void> {
  const { text, seed, run, fileName, lessonId } = store.getState();
  const lesson = lessonId === undefined ? undefined : lessonById(lessonId);
  const options: ScenarioFileOptions = {};
  // the seed the picture on screen was computed with, when the file does not say it
  const shownSeed = seed ?? (run?.text === text ? run.summary.seed : undefined);
  if (shownSeed !== undefined) options.seed = shownSeed;
  if (lesson !== undefined) options.title = lesson.title;
  try {
    // a scenario that names no title keeps the name it was opened under
    const file = await interopClient().scenarioFile(text, options, baseName(fileName));
    saveFile(file.fileName, file.content, file.mimeType);
  } catch (e) {
    store.getState().notify({ kind: 'error', title: 'The download failed', text: e instanceof Error ? e.message : String(e) });
  }
}

export async function downloadKwokBundle(store: PodplayStore, form: 'zip' | 'yaml'): Promise<void> {
  const { text, fileName } = store.getState();
  try {
    const bundle = await interopClient().kwokBundle(text, fileName);
    if (bundle.errors.length > 0) {
      store.getState().notify({
        kind: 'error', title: 'This scenario cannot be exported yet',
        text: `Fix its errors first: ${bundle.errors.slice(0, 3).join('; ')}${bundle.errors.length > 3 ? ` (and ${bundle.errors.length - 3} more)` : ''}`,
      });
      return;
    }
    const name = `${baseName(fileName)}-kwok`;
    if (form === 'zip' && bundle.zip) saveFile(`${name}.zip`, bundle.zip, 'application/zip');
    else if (bundle.singleYaml !== undefined) saveFile(`${name}.yaml`, bundle.singleYaml, 'application/yaml');
    if (bundle.warnings.length > 0) {
      store.getState().notify({ kind: 'info', title: `KWOK bundle: ${bundle.warnings.length} note${bundle.warnings.length === 1 ? '' : 's'}`, text: bundle.warnings.join('\n') });
    }
  } catch (e) {
    store.getState().notify({ kind: 'error', title: 'The export failed', text: e instanceof Error ? e.message : String(e) });
  }
}

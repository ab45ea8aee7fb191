// The import and export work, as messages: runs in its own worker (interop.worker.ts) so a
// 24 MB cluster dump never blocks the page. Everything here calls src/interop, which never throws
// on input; a thrown error is a bug and comes back as one.

import {
  bundleAsSingleYaml, exportForKwok, fileNameFor, importAny, scenarioFile, type ImportFormat, type ImportOptions, type KubectlImport, type ScenarioFile, type ScenarioFileOptions,
} from '../../interop';
import { zip } from './zip';

export type InteropRequest =
  | { id: number; type: 'import'; text: string; options: ImportOptions }
  /** a file is read where it is imported: its text never passes through the main thread */
  | { id: number; type: 'import-file'; file: Blob; options: ImportOptions }
  /** `untitled`: the title (and file name) for a scenario that names none */
  | { id: number; type: 'scenario-file'; text: string; options: ScenarioFileOptions; untitled: string }
  | { id: number; type: 'kwok'; text: string; fileName: string };

export type ImportResult = KubectlImport & { format: ImportFormat };


export interface KwokResult {
  /** the bundle as a zip, and as one YAML file (the README and configuration as comments) */
  zip?: Uint8Array;
  singleYaml?: string;
  fileCount: number;
  warnings: string[];
  errors: string[];
}

export type InteropValue = { type: 'import'; result: ImportResult } | { type: 'scenario-file'; file: ScenarioFile } | { type: 'kwok'; result: KwokResult };

/** what scenarioFile calls a scenario that names no title (src/interop/download.ts) */
const UNTITLED = 'Untitled scenario';

export type InteropReply = { id: number; ok: true; value: InteropValue } | { id: number; ok: false; error: string };

type TextRequest = Exclude<InteropRequest, { type: 'import-file' }>;

function work(request: TextRequest): InteropValue {
  switch (request.type) {
    case 'import':
      return { type: 'import', result: importAny(request.text, request.options) };
    case 'scenario-file': {
      const file = scenarioFile(request.text, request.options);
      const named = request.options.title !== undefined || file.fileName !== fileNameFor(UNTITLED);
      return { type: 'scenario-file', file: named ? file : scenarioFile(request.text, { ...request.options, title: request.untitled }) };
    }
    case 'kwok': {
      const bundle = exportForKwok(request.text, { fileName: request.fileName });
      if (bundle.errors.length > 0) return { type: 'kwok', result: { fileCount: 0, warnings: bundle.warnings, errors: bundle.errors } };
      return {
        type: 'kwok',
        result: { zip: zip(bundle.files), singleYaml: bundleAsSingleYaml(bundle), fileCount: bundle.files.length, warnings: bundle.warnings, errors: [] },
      };
    }
  }
}

export async function handleInterop(request: InteropRequest): Promise<InteropReply> {
  try {
    const textRequest: TextRequest = request.type === 'import-file'
      ? { id: request.id, type: 'import', text: await request.file.text(), options: request.options }
      : request;
    return { id: request.id, ok: true, value: work(textRequest) };
  } catch (e) {
    return { id: request.id, ok: false, error: `Podplay failed on this input (a bug, please report it): ${e instanceof Error ? e.message : String(e)}` };
  }
}

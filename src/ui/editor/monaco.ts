// Monaco, loaded only through the lazy editor chunk: the editor core with its contributions
// (hover, markers, completion), the YAML grammar, and monaco-yaml with our schemas. No bundled
// language services (TypeScript, CSS, HTML, JSON) — they are large and unused here.

import * as monaco from 'monaco-editor/esm/vs/editor/edcore.main.js';
import 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js';
import { conf as yamlConf, language as yamlLanguage } from 'monaco-editor/esm/vs/basic-languages/yaml/yaml.js';
import EditorWorker from './editor.worker.ts?worker';
import { configureMonacoYaml } from 'monaco-yaml';
import { scenarioSchema } from './schema';
import YamlWorker from './yaml.worker.ts?worker';

export const SCENARIO_MODEL_URI = 'inmemory://podplay/scenario.yaml';

declare global {
  interface Window {
    MonacoEnvironment?: { getWorker(workerId: string, label: string): Worker };
  }
}

window.MonacoEnvironment = {
  getWorker: (_workerId, label) => (label === 'yaml' ? new YamlWorker() : new EditorWorker()),
};

// monaco-yaml (through monaco-worker-manager) creates its worker the pre-0.54 way, with a label
// and createData instead of a Worker. The full `monaco-editor` entry adapts that call; the core
// entry we load does not, so adapt it the same way here.
type WorkerOptions = { worker?: unknown; label?: string; createData?: unknown; host?: unknown; keepIdleModels?: boolean };
const editorApi = monaco.editor as unknown as { createWebWorker(options: WorkerOptions): unknown };
const createWebWorker = editorApi.createWebWorker.bind(editorApi);
editorApi.createWebWorker = (options) => {
  if (options.worker !== undefined) return createWebWorker(options);
  const worker = window.MonacoEnvironment!.getWorker('workerMain.js', options.label ?? 'monaco-editor-worker');
  worker.postMessage('ignore');
  worker.postMessage(options.createData);
  return createWebWorker({ worker, host: options.host, keepIdleModels: options.keepIdleModels });
};

const YAML_OPTIONS: Parameters<typeof configureMonacoYaml>[1] = {
  enableSchemaRequest: false,
  hover: true,
  completion: true,
  validate: true,
  format: { enable: false },
  schemas: [{ uri: 'inmemory://podplay/schemas/scenario.schema.json', fileMatch: [SCENARIO_MODEL_URI], schema: scenarioSchema }],
};

/**
 * YAML colouring without monaco-yaml: the language of a scenario too costly for its worker
 * (./hintBudget.ts). No hover, completion or schema validation is registered for it.
 */
export const PLAIN_YAML = 'podplay-yaml-plain';
monaco.languages.register({ id: PLAIN_YAML, aliases: ['YAML (no schema hints)'] });
monaco.languages.setMonarchTokensProvider(PLAIN_YAML, yamlLanguage);
monaco.languages.setLanguageConfiguration(PLAIN_YAML, yamlConf);

let monacoYaml = configureMonacoYaml(monaco, YAML_OPTIONS);

/**
 * Ends monaco-yaml's worker and whatever it is busy with (a request sent before the text went over
 * the hint budget parses the text the worker holds when it gets to it), and sets the service up
 * afresh: its next worker starts when a YAML model next asks.
 */
export function restartYamlService(): void {
  monacoYaml.dispose();
  monacoYaml = configureMonacoYaml(monaco, YAML_OPTIONS);
}

export { monaco };

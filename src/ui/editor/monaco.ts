// Monaco, loaded only through the lazy editor chunk: the editor core with its contributions
// (hover, markers, completion), the YAML grammar, and monaco-yaml with our schemas. No bundled
// language services (TypeScript, CSS, HTML, JSON) — they are large and unused here.

import * as monaco from 'monaco-editor/esm/vs/editor/edcore.main.js';
import 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
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

configureMonacoYaml(monaco, {
  enableSchemaRequest: false,
  hover: true,
  completion: true,
  validate: true,
  format: { enable: false },
  schemas: [{ uri: 'inmemory://podplay/schemas/scenario.schema.json', fileMatch: [SCENARIO_MODEL_URI], schema: scenarioSchema }],
});

export { monaco };

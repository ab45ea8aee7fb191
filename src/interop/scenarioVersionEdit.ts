// Writing the Kubernetes version into a scenario's text (`spec.kubernetesVersion` of its
// `kind: Scenario` document), and reading it with the YAML parser where ./scenarioVersion.ts's
// line scan is unsure. Only the Scenario document is re-written (by the yaml library's Document
// API, which keeps its comments and layout); every other character of the text is left as it was.
// A module of its own: the page loads the `yaml` package only when a version is written (the
// version selector, an old permalink, the lesson catalog), not to show one.

import { isMap, parseAllDocuments, type Document } from 'yaml';
import { registerVersionParser, rememberRunsAs, type ScenarioKubernetesVersion } from './scenarioVersion';

/** The Scenario document and where its text starts (its leading comments included). */
function scenarioDocument(text: string): { doc: Document.Parsed; start: number } | undefined {
  let start = 0;
  for (const doc of parseAllDocuments(text)) {
    if (isMap(doc.contents) && doc.get('kind') === 'Scenario') return { doc, start };
    start = doc.range[2];
  }
  return undefined;
}

/** `spec.kubernetesVersion` as the YAML parser reads it, or undefined. */
export function parsedKubernetesVersion(text: string): string | undefined {
  const found: unknown = scenarioDocument(text)?.doc.getIn(['spec', 'kubernetesVersion']);
  return typeof found === 'string' ? found : found === undefined || found === null ? undefined : String(found);
}

registerVersionParser(parsedKubernetesVersion);

/**
 * The text with `spec.kubernetesVersion` set to `version`: in the Scenario document if there is one
 * (only that document's characters change), else in a new Scenario document put first.
 */
export function withKubernetesVersion(text: string, version: ScenarioKubernetesVersion): string {
  const written = setKubernetesVersion(text, version);
  // what it runs as is known without reading it again (every lesson is pinned so while the page starts)
  rememberRunsAs(written, version);
  return written;
}

function setKubernetesVersion(text: string, version: ScenarioKubernetesVersion): string {
  const found = /^kind:\s*["']?Scenario\b/m.test(text) ? scenarioDocument(text) : undefined;
  if (found === undefined) {
    const header = `apiVersion: podplay/v1alpha1\nkind: Scenario\nspec:\n  kubernetesVersion: "${version}"\n`;
    return text.trim() === '' ? header : `${header}---\n${text}`;
  }
  const { doc, start } = found;
  doc.setIn(['spec', 'kubernetesVersion'], doc.createNode(version));
  const scalar = doc.getIn(['spec', 'kubernetesVersion'], true) as { type?: string } | undefined;
  // "1.35" unquoted is the number 1.35 in YAML: always quoted
  if (scalar !== undefined) scalar.type = 'QUOTE_DOUBLE';
  const end = doc.range[2];
  // the document re-written (its comments and flow style kept); a `---` before it stays as written
  const own = text.slice(start, end);
  const marker = /^\s*---[^\n]*\n/.exec(own)?.[0] ?? '';
  const rewritten = doc.toString({ directives: false }).replace(/\n$/, '');
  const rest = text.slice(end);
  return `${text.slice(0, start)}${marker}${rewritten}${rest.startsWith('\n') || rest === '' ? '' : '\n'}${rest === '' ? '\n' : rest}`;
}

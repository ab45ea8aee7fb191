// The Kubernetes version a scenario runs as, in its text: `spec.kubernetesVersion` of the
// `kind: Scenario` document (issue 17). The page's version selector and the permalink migration
// write it here, so the YAML stays the single source of truth and a link carries the version.
// Only the Scenario document is re-written (by the yaml library's Document API, which keeps its
// comments and layout); every other character of the text is left as it was.
//
// The versions are the engine's (src/engine/versions.ts).

import { isMap, parseAllDocuments, type Document } from 'yaml';
import { DEFAULT_KUBERNETES_VERSION, KUBERNETES_VERSIONS, type KubernetesVersion } from '../engine/readers';

export const SCENARIO_KUBERNETES_VERSIONS = KUBERNETES_VERSIONS;
export type ScenarioKubernetesVersion = KubernetesVersion;
/** what a scenario without `spec.kubernetesVersion` runs as */
export const NEWEST_KUBERNETES_VERSION: ScenarioKubernetesVersion = DEFAULT_KUBERNETES_VERSION;
/** what every link and scenario made before the version axis ran as */
export const PRE_VERSION_AXIS_KUBERNETES_VERSION: ScenarioKubernetesVersion = '1.35';

export function isScenarioKubernetesVersion(s: unknown): s is ScenarioKubernetesVersion {
  return typeof s === 'string' && (SCENARIO_KUBERNETES_VERSIONS as readonly string[]).includes(s);
}

/** Texts above this are not parsed to find the version (a dump of megabytes): a cheap line scan instead. */
const PARSE_MAX_CHARS = 512 * 1024;

/** The Scenario document and where its text starts (its leading comments included). */
function scenarioDocument(text: string): { doc: Document.Parsed; start: number } | undefined {
  let start = 0;
  for (const doc of parseAllDocuments(text)) {
    if (isMap(doc.contents) && doc.get('kind') === 'Scenario') return { doc, start };
    start = doc.range[2];
  }
  return undefined;
}

/** `spec.kubernetesVersion` as written (not checked: the engine reports a wrong one at its line), or undefined. */
export function scenarioKubernetesVersion(text: string): string | undefined {
  if (text.length > PARSE_MAX_CHARS) {
    const line = /^\s+kubernetesVersion:\s*["']?([0-9.]{1,10})["']?\s*$/m.exec(text);
    return line?.[1];
  }
  // the key is written out in any text that has it: a text without the word is not parsed (the
  // page reads the version of every lesson while it starts: bench/browser/lessonFirstLoad.spec.ts)
  if (!text.includes('kubernetesVersion')) return undefined;
  const found: unknown = scenarioDocument(text)?.doc.getIn(['spec', 'kubernetesVersion']);
  return typeof found === 'string' ? found : found === undefined || found === null ? undefined : String(found);
}

/**
 * The text with `spec.kubernetesVersion` set to `version`: in the Scenario document if there is one
 * (only that document's characters change), else in a new Scenario document put first.
 */
export function withKubernetesVersion(text: string, version: ScenarioKubernetesVersion): string {
  const written = setKubernetesVersion(text, version);
  // what it runs as is known without parsing it again (every lesson is pinned so while the page starts)
  remember(written, version);
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

const versionOfText = new Map<string, string>();

function remember(text: string, version: string): void {
  if (versionOfText.size > 200) versionOfText.clear();
  versionOfText.set(text, version);
}

/** The version a text runs as: its `spec.kubernetesVersion`, else the newest. Remembered per text (lesson cards ask often). */
export function scenarioRunsAs(text: string): string {
  let version = versionOfText.get(text);
  if (version === undefined) {
    version = scenarioKubernetesVersion(text) ?? NEWEST_KUBERNETES_VERSION;
    remember(text, version);
  }
  return version;
}

// A scenario as a file to download: the text as written, under a short header that says what
// it is and how to run it. No date or version stamp, so the same scenario always downloads
// byte for byte the same.

import { escapeControlChars } from './controlChars';
import { isObj, kindOf, obj, str, type Obj } from './objects';
import { parseText } from './yaml';

export interface ScenarioFile {
  fileName: string;
  content: string;
  mimeType: 'application/yaml';
}

export interface ScenarioFileOptions {
  /** overrides the Scenario document's title */
  title?: string;
  /** the seed the result on screen was computed with, when it is not the file's */
  seed?: number;
}

const HEADER_MARK = '# Podplay scenario';

/** A file name for a title: lower-case words joined by dashes. */
export function fileNameFor(title: string, extension = '.yaml'): string {
  const slug = title.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '');
  return `${slug || 'scenario'}${extension}`;
}

function scenarioDoc(text: string): Obj | undefined {
  const parsed = parseText(text);
  return parsed.documents.filter(isObj).find((d) => kindOf(d) === 'Scenario');
}

const SEED_MARK = '# seed ';
const RESULT_SEED_MARK = '# The result this file was saved with used --seed ';

/** Drops a header this function wrote before, and nothing else. */
function withoutOurHeader(text: string): string {
  if (!text.startsWith(HEADER_MARK)) return text;
  const lines = text.split('\n');
  let i = 1;
  if (lines[i]?.startsWith(SEED_MARK)) i++;
  if (lines[i]?.startsWith(RESULT_SEED_MARK)) i++;
  return lines.slice(i).join('\n');
}

/** The scenario text with a header, and a file name from its title. */
export function scenarioFile(scenarioYaml: string, options: ScenarioFileOptions = {}): ScenarioFile {
  const body = withoutOurHeader(scenarioYaml).replace(/^\n+/, '');
  const doc = scenarioDoc(body);
  const spec = obj(doc?.spec);
  const name = str(obj(doc?.metadata)?.name);
  const title = options.title ?? str(spec?.title) ?? str(obj(obj(doc?.metadata)?.annotations)?.title) ?? name ?? 'Untitled scenario';
  const fileSeed = typeof spec?.seed === 'number' ? spec.seed : undefined;
  const fileName = fileNameFor(name ?? title);
  const header = [
    // one comment line: runs of white space (line breaks among them) become a space, other controls escapes
    `${HEADER_MARK}: ${escapeControlChars(title.replace(/\s+/g, ' '))}`,
    `${SEED_MARK}${fileSeed ?? 0}${fileSeed === undefined ? ' (none set)' : ''}. Run it with: npm run simulate -- ${fileName}`,
    ...(options.seed !== undefined && options.seed !== (fileSeed ?? 0) ? [`${RESULT_SEED_MARK}${options.seed}.`] : []),
  ];
  const content = `${header.join('\n')}\n${body.endsWith('\n') ? body : `${body}\n`}`;
  return { fileName, content, mimeType: 'application/yaml' };
}

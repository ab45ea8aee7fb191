// Reading foreign YAML or JSON into plain values, quickly when the text is ordinary.
// JSON (`kubectl get -o json`) goes to JSON.parse; block YAML to the fast reader; anything else,
// and every malformed input, to the `yaml` package with the options the scenario loader uses
// (YAML 1.1 as kubectl reads it, no timestamps), which also words the errors.

import { parseAllDocuments, type Tags } from 'yaml';
import { fastParseYaml, Unsupported } from './fastParse';

export { emitDocument, emitDocuments, commentBlock, LINE_WIDTH } from './emit';
export { isPlainSafe, quote, resolvePlain } from './scalars';

export interface ParsedText {
  documents: unknown[];
  /** "line:column: message" */
  errors: string[];
  /** which reader was used, for benchmarks and tests */
  reader: 'json' | 'fast' | 'yaml';
}

const customTags = (tags: Tags): Tags => tags.filter((t) => {
  const tag = typeof t === 'string' ? t : t.tag;
  const format = typeof t === 'string' ? undefined : t.format;
  return !tag.endsWith(':timestamp') && format !== 'TIME' && !tag.endsWith(':binary');
});

/** The `yaml` package, as the scenario loader configures it. */
export function slowParseYaml(text: string): ParsedText {
  const out: ParsedText = { documents: [], errors: [], reader: 'yaml' };
  try {
    const docs = parseAllDocuments(text, { version: '1.1', customTags, uniqueKeys: true, prettyErrors: true });
    if ('empty' in docs) for (const e of docs.errors) out.errors.push(message(e));
    for (const doc of docs) {
      for (const e of doc.errors) out.errors.push(message(e));
      if (doc.errors.length) continue;
      const v: unknown = doc.toJS({ maxAliasCount: 1000 });
      if (v !== null && v !== undefined) out.documents.push(v);
    }
  } catch (e) {
    out.errors.push(`1:1: ${e instanceof Error ? e.message : String(e)}`);
  }
  return out;
}

function message(e: { message: string; linePos?: [{ line: number; col: number }] | [{ line: number; col: number }, { line: number; col: number }] }): string {
  const first = e.message.split('\n')[0]!;
  const at = e.linePos?.[0];
  return at ? `${at.line}:${at.col}: ${first.replace(/ at line \d+, column \d+:?$/, '')}` : first;
}

function looksLikeJson(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t' || c === '\ufeff') continue;
    return c === '{' || c === '[';
  }
  return false;
}

/** Parses YAML (one or more documents) or JSON. Never throws. */
export function parseText(text: string): ParsedText {
  if (looksLikeJson(text)) {
    try {
      const v: unknown = JSON.parse(text.replace(/^\ufeff/, ''));
      return { documents: v === null ? [] : [v], errors: [], reader: 'json' };
    } catch {
      // not one JSON value (several, or YAML flow style): read it as YAML
    }
  }
  try {
    return { documents: fastParseYaml(text), errors: [], reader: 'fast' };
  } catch (e) {
    if (!(e instanceof Unsupported) && !(e instanceof RangeError)) throw e;
  }
  return slowParseYaml(text);
}

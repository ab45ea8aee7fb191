// Reading foreign YAML or JSON into plain values, quickly when the text is ordinary.
// JSON (`kubectl get -o json`) goes to JSON.parse; block YAML to the fast reader; anything else,
// and every malformed input, to the `yaml` package with the options the scenario loader uses
// (YAML 1.1 as kubectl reads it, no timestamps), which also words the errors.

import { MAX_DEPTH, parseYaml, parseYamlWithPackage, toPlain, type ParsedSource } from '../../engine/index';

export { asBlock, emitDocument, emitDocuments, commentBlock, LINE_WIDTH } from './emit';
export { isPlainSafe, quote, resolvePlain } from './scalars';

export interface ParsedText {
  documents: unknown[];
  /** "line:column: message" */
  errors: string[];
  /** which reader was used, for benchmarks and tests */
  reader: 'json' | 'yaml';
}

/** The scenario loader's reader (src/engine/model/source.ts): one YAML reading for the whole app. */
function fromSource(parsed: ParsedSource): ParsedText {
  return {
    // a stream with syntax errors yields nothing: importing half a file would mislead
    documents: parsed.errors.length ? [] : parsed.documents.map((d) => toPlain(d.root)).filter((v) => v !== null && v !== undefined),
    errors: parsed.errors.map((e) => `${e.pos.line}:${e.pos.column}: ${e.message}`),
    reader: 'yaml',
  };
}

/** The `yaml` package alone, as the loader configures it (tests compare against it). */
export function slowParseYaml(text: string): ParsedText {
  return fromSource(parseYamlWithPackage(text));
}

/** Whether a JSON value has arrays or objects nested more than `max` deep (walked without recursion). */
function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
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
      // what reads the value next walks it recursively: refuse what YAML would refuse
      if (nestedDeeperThan(v, MAX_DEPTH)) return { documents: [], errors: [`1:1: document is nested more than ${MAX_DEPTH} levels deep`], reader: 'json' };
      return { documents: v === null ? [] : [v], errors: [], reader: 'json' };
    } catch {
      // not one JSON value (several, or YAML flow style): read it as YAML
    }
  }
  return fromSource(parseYaml(text));
}

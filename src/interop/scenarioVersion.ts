// The Kubernetes version a scenario runs as, in its text: `spec.kubernetesVersion` of the
// `kind: Scenario` document (issue 17). The page's version selector and the permalink migration
// write it (./scenarioVersionEdit.ts, with the yaml library), so the YAML stays the single source of
// truth and a link carries the version.
//
// Reading it needs no YAML library: the page's own chunk shows the version of every lesson card and
// of a lesson link's lesson, and a lesson link is interactive before the `yaml` package (50 KB gzip)
// arrives (bench/browser/lessonFirstLoad.spec.ts). `scanKubernetesVersion` reads the text line by
// line and answers only where its reading is the YAML parser's for certain — block-style documents
// and a one-line flow `spec: {...}`, which is everything Podplay writes and what people write;
// anything else (anchors, tags, multi-line flow, block scalars, keys it cannot place) is "unsure",
// and is read by the parser once ./scenarioVersionEdit.ts has loaded (it registers itself), else by
// a line scan. scenarioVersion.test.ts checks the scan against the parser on every lesson, every
// example scenario and generated variants. The header's version is the engine's once a run is
// on screen (src/ui/components/KubernetesVersion.tsx).
//
// The versions are the engine's (src/engine/versions.ts).

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

/** Texts above this are not given to the parser when the scan is unsure (a dump of megabytes): a line scan instead. */
const PARSE_MAX_CHARS = 512 * 1024;

/** What the scan read: the version as the parser reads it (undefined: none), or 'unsure'. */
export type VersionScan = { version: string | undefined } | 'unsure';

const KEY = 'kubernetesVersion';
const DOCUMENT_MARKER = /^(?:---|\.\.\.)(?=\s|$)/;
const CONTENT = /\S/;

const indentOf = (line: string): number => line.length - line.trimStart().length;
const isComment = (line: string): boolean => line.trimStart().startsWith('#');
/** the line without a trailing ` # comment` (a `#` inside quotes is kept; a quote it cannot pair: null) */
function withoutComment(line: string): string | null {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === '"' || c === "'") {
      // a quote starts a quoted scalar only at a value's start; elsewhere (it's) it is a letter
      if (i === 0 || /[\s:,[{]/.test(line[i - 1] ?? '')) quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(line[i - 1] ?? ''))) return line.slice(0, i).trimEnd();
  }
  return quote === undefined ? line.trimEnd() : null;
}

/**
 * A scalar as the YAML 1.2 core schema reads it, then as `String()` gives it (what the parser's
 * caller does with a number): `1.36` is the number 1.36, `1.30` is 1.3. 'unsure' for anything else
 * than a plain or simply quoted scalar.
 */
function scalarValue(raw: string): VersionScan {
  if (raw === '' || raw === '~' || /^(?:null|Null|NULL)$/.test(raw)) return { version: undefined };
  if (raw.startsWith('"')) {
    const m = /^"([^"\\]*)"$/.exec(raw);
    return m === null ? 'unsure' : { version: m[1] };
  }
  if (raw.startsWith("'")) {
    const m = /^'((?:[^']|'')*)'$/.exec(raw);
    return m === null ? 'unsure' : { version: (m[1] ?? '').replace(/''/g, "'") };
  }
  if (/^[&!*|>{[@`%?-]/.test(raw) || raw.includes(': ') || raw.endsWith(':')) return 'unsure';
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/.test(raw)) return { version: String(Number(raw)) };
  if (/^(?:true|True|TRUE|false|False|FALSE)$/.test(raw)) return { version: raw.toLowerCase() };
  if (/^(?:0x|0o|[-+]?\.(?:inf|Inf|INF)$|\.(?:nan|NaN|NAN)$)/.test(raw)) return 'unsure';
  return { version: raw };
}

/** `spec: {... kubernetesVersion: x ...}` on one line. */
function flowSpec(value: string): VersionScan {
  if (!value.startsWith('{') || !value.endsWith('}') || /[&*!{[]/.test(value.slice(1, -1))) return 'unsure';
  const entries = value.slice(1, -1).split(',').map((e) => e.trim()).filter((e) => e !== '');
  let found: VersionScan = { version: undefined };
  let seen = false;
  for (const entry of entries) {
    const m = /^(["']?)([^"':]+)\1\s*:(?:\s+(.*)|$)/.exec(entry);
    if (m === null) {
      if (entry.includes(KEY)) return 'unsure';
      continue;
    }
    if (m[2] !== KEY) continue;
    if (seen) return 'unsure';
    seen = true;
    found = scalarValue((m[3] ?? '').trim());
  }
  return found;
}

/** The documents of a YAML stream: each one's lines, and whether it had content on its `---` line. */
function documents(text: string): { lines: string[]; inlineStart: boolean }[] {
  const docs: { lines: string[]; inlineStart: boolean }[] = [{ lines: [], inlineStart: false }];
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    if (DOCUMENT_MARKER.test(line)) {
      const rest = withoutComment(line.slice(3));
      docs.push({ lines: [], inlineStart: rest === null || rest.trim() !== '' });
    } else docs[docs.length - 1]?.lines.push(line);
  }
  return docs;
}

/** A top-level `key: value` line: the key and the value (comment dropped), or undefined. */
function topLevelEntry(line: string): { key: string; value: string } | undefined | 'unsure' {
  const code = withoutComment(line);
  if (code === null) return 'unsure';
  const m = /^(["']?)([A-Za-z0-9_.-]+)\1\s*:(?:\s+(.*)|$)/.exec(code);
  if (m === null) return undefined;
  return { key: m[2] ?? '', value: (m[3] ?? '').trim() };
}

/**
 * `spec.kubernetesVersion` of the first `kind: Scenario` document, read without a YAML parser, or
 * 'unsure' where the text is written in a way this reading does not cover.
 */
export function scanKubernetesVersion(text: string): VersionScan {
  if (text.startsWith('%') || /\n%/.test(text)) return 'unsure';
  for (const { lines, inlineStart } of documents(text)) {
    const content = lines.filter((l) => CONTENT.test(l) && !isComment(l));
    if (content.length === 0) {
      if (inlineStart) return 'unsure';
      continue;
    }
    const mentions = lines.some((l) => l.includes('Scenario') || l.includes(KEY));
    // a document the scan cannot read as a block mapping: fine unless it may be the Scenario
    const first = content[0] ?? '';
    if (inlineStart || indentOf(first) !== 0 || /^[{[\-?&!*|>]/.test(first)) {
      if (mentions) return 'unsure';
      continue;
    }
    let kind: string | undefined;
    const specAt: number[] = [];
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? '';
      if (!CONTENT.test(line) || isComment(line) || indentOf(line) !== 0) continue;
      const entry = topLevelEntry(line);
      if (entry === 'unsure') return 'unsure';
      if (entry === undefined) {
        if (mentions) return 'unsure';
        continue;
      }
      if (entry.key === 'kind') {
        if (kind !== undefined) return 'unsure';
        const value = scalarValue(entry.value);
        if (value === 'unsure') return mentions ? 'unsure' : { version: undefined };
        kind = value.version ?? '';
      }
      if (entry.key === 'spec') specAt.push(i);
    }
    if (kind !== 'Scenario') continue;
    if (specAt.length === 0) return { version: undefined };
    if (specAt.length > 1) return 'unsure';
    return specVersion(lines, specAt[0] ?? 0);
  }
  return { version: undefined };
}

/** `kubernetesVersion` under the top-level `spec:` at line `at`. */
function specVersion(lines: string[], at: number): VersionScan {
  const entry = topLevelEntry(lines[at] ?? '');
  if (entry === undefined || entry === 'unsure') return 'unsure';
  if (entry.value !== '') return entry.value.startsWith('{') ? flowSpec(entry.value) : scalarValue(entry.value) === 'unsure' ? 'unsure' : { version: undefined };
  // the block under it: every line up to the next top-level content line
  const block: string[] = [];
  for (let i = at + 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (CONTENT.test(line) && !isComment(line) && indentOf(line) === 0) break;
    block.push(line);
  }
  const children = block.filter((l) => CONTENT.test(l) && !isComment(l));
  if (children.length === 0) return { version: undefined };
  if (children.some((l) => /^\s*\t/.test(l))) return 'unsure';
  const indent = indentOf(children[0] ?? '');
  let found: VersionScan = { version: undefined };
  let seen = false;
  for (const line of children) {
    if (indentOf(line) !== indent) continue;
    if (!line.includes(KEY)) continue;
    const code = withoutComment(line);
    if (code === null) return 'unsure';
    const m = /^\s*(["']?)kubernetesVersion\1\s*:(?:\s+(.*)|$)/.exec(code);
    if (m === null) {
      if (code.includes(KEY)) return 'unsure';
      continue;
    }
    if (seen) return 'unsure';
    seen = true;
    const raw = (m[2] ?? '').trim();
    // a value on the lines under the key (a block scalar, an empty value): left to the parser
    if (raw === '') return 'unsure';
    found = scalarValue(raw);
    if (found === 'unsure') return 'unsure';
  }
  if ((children[0] ?? '').trimStart().startsWith('-')) return 'unsure';
  return found;
}

let parser: ((text: string) => string | undefined) | undefined;
/** ./scenarioVersionEdit.ts, once loaded, reads what the scan is unsure of. */
export function registerVersionParser(parse: (text: string) => string | undefined): void {
  parser = parse;
}

/** The version as written, and whether that reading is the parser's for certain (a line scan's is not). */
function readVersion(text: string): { version: string | undefined; certain: boolean } {
  // the key is written out in any text that has it: a text without the word is not read further
  if (!text.includes(KEY)) return { version: undefined, certain: true };
  const scan = scanKubernetesVersion(text);
  if (scan !== 'unsure') return { version: scan.version, certain: true };
  if (parser !== undefined && text.length <= PARSE_MAX_CHARS) return { version: parser(text), certain: true };
  return { version: /^\s+kubernetesVersion:\s*["']?([0-9.]{1,10})["']?\s*$/m.exec(text)?.[1], certain: false };
}

/** `spec.kubernetesVersion` as written (not checked: the engine reports a wrong one at its line), or undefined. */
export function scenarioKubernetesVersion(text: string): string | undefined {
  return readVersion(text).version;
}

const versionOfText = new Map<string, string>();

/** Records what `text` runs as (a text just written with its version need not be read again). */
export function rememberRunsAs(text: string, version: string): void {
  if (versionOfText.size > 200) versionOfText.clear();
  versionOfText.set(text, version);
}

/** The version a text runs as: its `spec.kubernetesVersion`, else the newest. Remembered per text (lesson cards ask often). */
export function scenarioRunsAs(text: string): string {
  const known = versionOfText.get(text);
  if (known !== undefined) return known;
  const { version, certain } = readVersion(text);
  const runsAs = version ?? NEWEST_KUBERNETES_VERSION;
  // a line scan's guess is not kept: the parser reads the text once it has loaded
  if (certain) rememberRunsAs(text, runsAs);
  return runsAs;
}

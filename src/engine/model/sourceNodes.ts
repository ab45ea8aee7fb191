// The tree of source nodes YAML text is read into: every node remembers where it came from (line
// and column), so every error can point at the offending value. Both readers build it — the
// `yaml` package through ./source.ts and the fast reader in ./yamlFast.ts — and import it from here.

export interface Pos { line: number; column: number }

export type SrcNode = SrcMap | SrcSeq | SrcScalar;

export interface SrcEntry { key: string; keyPos: Pos; value: SrcNode }

/** A mapping's entries by key, in document order: a Map, or the fast reader's compact equivalent. */
export interface SrcEntries extends Iterable<[string, SrcEntry]> {
  get(key: string): SrcEntry | undefined;
  has(key: string): boolean;
  readonly size: number;
}

export interface SrcMap { kind: 'map'; pos: Pos; entries: SrcEntries }
export interface SrcSeq { kind: 'seq'; pos: Pos; items: SrcNode[] }
export interface SrcScalar {
  kind: 'scalar';
  pos: Pos;
  value: string | number | boolean | null;
  /** written in quotes or as a block scalar: always a string */
  quoted: boolean;
  /** the scalar as written (plain scalars), for exact numbers */
  raw: string;
}

export interface SourceDocument {
  /** 1-based position of the document in the stream */
  index: number;
  pos: Pos;
  root: SrcNode | undefined;
}

export interface SourceProblem { pos: Pos; message: string }

export interface ParsedSource {
  documents: SourceDocument[];
  errors: SourceProblem[];
  warnings: SourceProblem[];
}

/** Where `path` below `node` was written: the nearest enclosing field's position (a key whose value is null: the key's). */
export function locate(node: SrcNode | undefined, path: readonly (string | number)[], fallback: Pos): Pos {
  let current = node;
  let pos = node?.pos ?? fallback;
  for (const seg of path) {
    if (!current) break;
    if (current.kind === 'map' && typeof seg === 'string') {
      const e = current.entries.get(seg);
      if (!e) break;
      current = e.value;
      pos = current.kind === 'scalar' && current.value === null ? e.keyPos : current.pos;
    } else if (current.kind === 'seq' && typeof seg === 'number') {
      const item = current.items[seg];
      if (!item) break;
      current = item;
      pos = item.pos;
    } else {
      break;
    }
  }
  return pos;
}

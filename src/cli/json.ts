// JSON.stringify(value, null, 2), produced in pieces: the trace of a big cluster is longer than
// the longest string V8 can build (a 1,000-node run with hostname spreading is ~700 MB of JSON
// without indentation).

/** The pieces of exactly what JSON.stringify(value, null, 2) returns; arrays and objects near the top are split. */
export function* jsonPieces(value: unknown, depth = 0, splitDepth = 2): Generator<string, void, void> {
  const pad = (d: number) => '\n' + '  '.repeat(d);
  if (depth < splitDepth && Array.isArray(value)) {
    if (value.length === 0) { yield '[]'; return; }
    yield '[';
    for (let i = 0; i < value.length; i++) {
      yield `${i ? ',' : ''}${pad(depth + 1)}`;
      const item: unknown = value[i];
      if (omitted(item)) yield 'null';
      else yield* jsonPieces(item, depth + 1, splitDepth);
    }
    yield `${pad(depth)}]`;
    return;
  }
  if (depth < splitDepth && value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON !== 'function') {
    const entries = Object.entries(value).filter(([, v]) => !omitted(v));
    if (entries.length === 0) { yield '{}'; return; }
    yield '{';
    for (let i = 0; i < entries.length; i++) {
      const [k, v] = entries[i]!;
      yield `${i ? ',' : ''}${pad(depth + 1)}${JSON.stringify(k)}: `;
      yield* jsonPieces(v, depth + 1, splitDepth);
    }
    yield `${pad(depth)}}`;
    return;
  }
  // JSON strings never hold a raw newline, so indenting the nested text is a plain replacement
  const text = JSON.stringify(value, null, 2);
  yield depth === 0 ? text : text.replaceAll('\n', pad(depth));
}

/** values JSON.stringify leaves out of objects (and writes as null in arrays) */
function omitted(v: unknown): boolean {
  return v === undefined || typeof v === 'function' || typeof v === 'symbol';
}

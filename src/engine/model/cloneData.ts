// A copy of plain scenario data (what YAML and JSON load into: objects, arrays, strings, numbers,
// booleans, null, undefined), as structuredClone makes it but several times faster: the fix
// search copies a 5,000-pod dump once per variant it verifies (whatIf/edits.ts copyScenario), and
// structuredClone's serialise-and-parse was a third of a variant's time. Anything else (a Map, a
// Date, a class instance) is handed to structuredClone; an object reached twice (a YAML alias, a
// cycle) is copied once and shared in the copy as in the original, as structuredClone does; a
// function (a timeline step's `locate`, read only) is shared, where structuredClone would throw.

export function cloneData<T>(value: T): T {
  return copyValue(value, new Map()) as T;
}

function copyValue(value: unknown, seen: Map<object, unknown>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const done = seen.get(value);
  if (done !== undefined) return done;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    seen.set(value, out);
    for (let i = 0; i < value.length; i++) out[i] = copyValue(value[i], seen);
    return out;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) {
    const out = structuredClone(value);
    seen.set(value, out);
    return out;
  }
  const out: Record<string, unknown> = {};
  seen.set(value, out);
  for (const key of Object.keys(value)) out[key] = copyValue((value as Record<string, unknown>)[key], seen);
  return out;
}

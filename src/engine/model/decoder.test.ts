// fastUserMap: a record keyed by user input behaves as Object.create(null) does (no inherited
// keys, `__proto__` an ordinary key, insertion order), whatever V8 does with its shape.
import { describe, expect, it } from 'vitest';
import { fastUserMap, userMap } from './decoder';

describe('fastUserMap', () => {
  const entries: [string, string][] = [['b', '1'], ['__proto__', 'p'], ['constructor', 'c'], ['10', 'n'], ['a', '2']];
  const built = fastUserMap(entries);
  const reference = userMap<string>();
  for (const [k, v] of entries) reference[k] = v;

  it.each([
    { name: 'has a null prototype', read: (o: Record<string, string>) => Object.getPrototypeOf(o) },
    { name: 'keeps the order of a user map (integer keys first)', read: (o: Record<string, string>) => Object.keys(o) },
    { name: 'holds __proto__ as an own key', read: (o: Record<string, string>) => Object.getOwnPropertyDescriptor(o, '__proto__')?.value },
    { name: 'holds constructor as an own key', read: (o: Record<string, string>) => o.constructor },
    { name: 'inherits nothing', read: (o: Record<string, string>) => 'toString' in o },
    { name: 'serializes alike', read: (o: Record<string, string>) => JSON.stringify(o) },
  ])('$name', ({ read }) => {
    expect(read(built)).toEqual(read(reference));
  });
});

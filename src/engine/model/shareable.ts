// Functions that keep no state of their own and read only data that no run changes after loading
// (a compiled selector's matcher): a paused run's copy (../simulation/fork.ts) may share them with
// the fresh run instead of refusing, as it must for any other closure it meets.

const shareable = new WeakSet<object>();

/** Marks `fn` as stateless: it reads only what it was made from, which nothing changes afterwards. */
export function stateless<F extends (...args: never[]) => unknown>(fn: F): F {
  shareable.add(fn);
  return fn;
}

export const isStateless = (fn: object): boolean => shareable.has(fn);

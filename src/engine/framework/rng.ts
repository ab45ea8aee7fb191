// The only source of randomness in the engine: a small seeded generator (sfc32, seeded via
// splitmix32), so the same scenario and seed give byte-identical results.

export interface Rng {
  /** an integer in [0, n), like Go's rand.Intn */
  intn(n: number): number;
}

function splitmix32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x9e3779b9) >>> 0;
    let z = a;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/**
 * sfc32 with its state in fields rather than in a closure, so a simulation's snapshot
 * (../simulation/fork.ts) copies where the generator stands along with everything else.
 */
class Sfc32 implements Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    const init = splitmix32(seed);
    this.a = init();
    this.b = init();
    this.c = init();
    this.d = init();
    for (let i = 0; i < 12; i++) this.next();
  }

  private next(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) >>> 0;
    return t >>> 0;
  }

  intn(n: number): number {
    if (!(n > 0)) throw new RangeError('intn: n must be positive');
    return Math.floor((this.next() / 4294967296) * n);
  }
}

export function seededRng(seed: number): Rng {
  return new Sfc32(seed);
}

// The object budget: how many nodes and pods a scenario asks for, added up from the decoded
// objects and timeline before anything is built, so `replicas: 1000000000` is refused in
// milliseconds at the field that asks instead of filling the memory with pods.

import { formatCount, LIMITS } from '../limits';
import { jobParallelism } from './admission/workloads';
import { isNode, isPod, isWorkload, type ScenarioObject, type TimelineStep } from './scenario';
import type { Workload } from './types';
import type { Path, Reader } from './decoder';
import { locate, type Pos, type SrcMap } from './source';

/** Where something was written, and how to report an error about one of its fields. */
export interface Located {
  /** where a field was written */
  at(path: Path): Pos;
  /** reports at `pos`, under the path of the thing itself */
  error(pos: Pos, path: Path, what: string): void;
}

/** A decoded object and where it was written. */
export interface BudgetObject extends Located { object: ScenarioObject }

/** A timeline step with the objects it applies and, for `scale`, the step's own source. */
export interface BudgetStep { step: TimelineStep; objects: BudgetObject[]; source?: Located }

/** Adds up one kind of object; reports once, at the first field that goes over the limit. */
class Tally {
  count = 0;
  exceeded = false;
  constructor(private readonly limit: number, private readonly noun: string) {}

  /** `asked` objects requested by the field at `path` of `o` (written as `value`) */
  add(o: Located, path: Path, asked: number, value: string): boolean {
    if (this.exceeded || asked <= 0) return !this.exceeded;
    this.count += asked;
    if (this.count <= this.limit) return true;
    this.exceeded = true;
    const what = asked > this.limit
      ? `would create ${formatCount(asked)} ${this.noun}`
      : `would bring the scenario to ${formatCount(this.count)} ${this.noun}`;
    o.error(o.at(path), path, `${value} ${what}; Podplay's limit is ${formatCount(this.limit)} ${this.noun} per scenario`);
    return false;
  }
}

const workloadKey = (kind: string, namespace: string | undefined, name: string): string => `${kind}/${namespace ?? 'default'}/${name}`;

/** The pods a workload's controller keeps at once (a DaemonSet: one per node). */
function requestedPods(w: Workload, nodes: number): { path: Path; count: number; value: string } {
  switch (w.kind) {
    case 'DaemonSet': return { path: [], count: nodes, value: `one pod on each of ${formatCount(nodes)} nodes` };
    case 'Job': {
      const { parallelism, completions } = jobParallelism(w);
      const count = Math.min(parallelism, completions ?? parallelism);
      return { path: ['spec', w.spec.parallelism !== undefined ? 'parallelism' : 'completions'], count, value: String(count) };
    }
    default: {
      const replicas = w.spec.replicas ?? 1;
      return { path: ['spec', 'replicas'], count: replicas, value: String(replicas) };
    }
  }
}

/**
 * Refuses a scenario that asks for more than LIMITS.nodesPerScenario nodes or
 * LIMITS.podsPerScenario pods (Pod documents, workload pods, timeline `apply` and `scale`), with
 * an error at the field that crosses the limit. Deletions are not subtracted: the trace keeps
 * every pod that ever existed. Returns false when over a limit.
 */
export function checkObjectBudget(declared: readonly BudgetObject[], timeline: readonly BudgetStep[]): boolean {
  const nodes = new Tally(LIMITS.nodesPerScenario, 'nodes');
  const applied = timeline.flatMap((t) => t.objects);
  for (const o of [...declared, ...applied]) {
    if (isNode(o.object) && !nodes.add(o, [], 1, 'this Node')) return false;
  }
  const pods = new Tally(LIMITS.podsPerScenario, 'pods');
  /** pods each workload's controller was last asked to keep */
  const current = new Map<string, number>();
  const count = (o: BudgetObject): boolean => {
    const obj = o.object;
    if (isPod(obj)) return pods.add(o, [], 1, 'this Pod');
    if (!isWorkload(obj)) return true;
    const asked = requestedPods(obj, nodes.count);
    const key = workloadKey(obj.kind, obj.metadata.namespace, obj.metadata.name);
    const before = current.get(key) ?? 0;
    current.set(key, asked.count);
    return pods.add(o, asked.path, asked.count - before, asked.value);
  };
  for (const o of declared) if (!count(o)) return false;
  for (const t of timeline) {
    for (const o of t.objects) if (!count(o)) return false;
    if (t.step.action === 'scale' && t.source) {
      const key = workloadKey(t.step.kind, t.step.namespace, t.step.name);
      const before = current.get(key) ?? 0;
      current.set(key, t.step.replicas);
      if (!pods.add(t.source, ['replicas'], t.step.replicas - before, String(t.step.replicas))) return false;
    }
  }
  return true;
}

/** Something written at `root` (or whose fields `root` locates), reporting through `reader` under `prefix`. */
export function writtenAt(root: SrcMap | ((path: Path) => Pos), reader: Reader, prefix: Path = []): Located {
  return {
    at: typeof root === 'function' ? root : (path) => locate(root, path, root.pos),
    error: (pos, path, what) => reader.error(pos, [...prefix, ...path], what),
  };
}

// A plugin's Filter verdict shared from cycle to cycle although its explanation names something
// only its cycle knows. DynamicResources' verdict on a node that fits lists, per request, the
// devices it would take and how many match, and the pod's claim by name: without the name, a
// node's verdict stays the same until its devices change, but with it every node had a verdict
// of its own every cycle (SchedulingWithResourceClaimTemplate: 500 nodes × 5,000 cycles, most of
// its memory). The plugin gives the shared verdict without the name and sets the cycle's label
// (the names) in the CycleState; the trace keeps the label with the cycle and builds the plain
// verdict, name included, when it is read: the same JSON as before, key for key.

import type { PluginResult } from '../api';
import type { CycleState } from './cycleState';

/** builds a shared verdict's plain result with its cycle's label, for the node it was given on */
type Build = (label: unknown, node: string) => PluginResult;

const builders = new WeakMap<PluginResult, Build>();
/** the shared verdicts whose plain result differs from node to node (PodTopologySpread's) */
const perNode = new WeakSet<PluginResult>();

/**
 * `shared` (a frozen PluginResult the plugin gives on many nodes and cycles) is read as
 * `build(label, node)`, the label being the one `setCycleLabel` gave for its plugin in that
 * cycle. `byNode`: the result depends on the node, so nodes sharing the verdict are built apart.
 */
export function labelledResult(shared: PluginResult, build: Build, byNode = false): PluginResult {
  builders.set(shared, build);
  if (byNode) perNode.add(shared);
  return shared;
}

/** the plugin's label for this cycle's labelled results */
export function setCycleLabel(state: CycleState, plugin: string, label: unknown): void {
  (state.traceLabels ??= new Map()).set(plugin, label);
}

/** whether a list holds a labelled result (most lists hold none) */
export function hasLabelled(list: readonly PluginResult[]): boolean {
  for (let i = 0; i < list.length; i++) if (builders.has(list[i]!)) return true;
  return false;
}

/** whether a list holds a labelled result built per node: the nodes sharing the list read differently */
export function hasPerNode(list: readonly PluginResult[]): boolean {
  for (let i = 0; i < list.length; i++) if (perNode.has(list[i]!)) return true;
  return false;
}

/**
 * The list with its labelled results built with the cycle's labels, for `node` (the one the
 * list was given on); the list itself when it holds none.
 */
export function plainResults(list: readonly PluginResult[], labels: ReadonlyMap<string, unknown> | undefined, node: string): readonly PluginResult[] {
  if (!hasLabelled(list)) return list;
  return Object.freeze(list.map((r) => {
    const build = builders.get(r);
    return build ? build(labels?.get(r.plugin), node) : r;
  }));
}

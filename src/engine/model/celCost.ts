// The cost bounds of a CEL device selector: a static estimate when the selector is compiled and
// a runtime limit on each evaluation.
// upstream: staging/src/k8s.io/dynamic-resource-allocation/cel/compile.go (env.EstimateCost with
// the device's declared sizes; cel.CostLimit(CELSelectorExpressionMaxCost) at run time) and
// pkg/apis/resource/validation/validation.go (MaxCost > CELSelectorExpressionMaxCost →
// "too complex, exceeds cost limit"). cel-go's estimator (checker/cost.go) charges a string or
// list operation by the size of what it reads or builds, a size it tracks through literals,
// `split`, `replace`, `+` and comprehensions; this estimator does the same on the parsed
// expression, with sizes that only ever over-estimate. The runtime meter is the backstop for what
// the estimate cannot see: each call and each comprehension step costs 1 plus the size of the
// value it produced, and the evaluation stops with cel-go's "operation cancelled: actual cost
// limit exceeded" as soon as the sum passes the limit.

import { celFunc, CelScalar } from '@bufbuild/cel';

/** upstream: DeviceAttributeMaxValueLength (and every other string or map a device holds is smaller) */
const DEVICE_VALUE_SIZE = 64;
/** sizes and costs saturate here so that products never overflow to Infinity or NaN */
const SATURATED = 1e15;

const sat = (n: number) => (n > SATURATED || Number.isNaN(n) ? SATURATED : n);
const mul = (a: number, b: number) => sat(a * b);

export interface ExprNode {
  id?: bigint;
  exprKind: { case: string | undefined; value?: unknown };
}

/** what the estimator knows of a value: its cost so far, its size (characters or elements), the size of an element */
interface Estimate { cost: number; size: number; elem: number }

const scalar = (cost: number): Estimate => ({ cost: sat(cost), size: 1, elem: 1 });

/** the worst-case cost of evaluating an expression once (cel-go's CostEstimate.Max) */
export function estimateCost(root: ExprNode): number {
  const scope = new Map<string, Estimate>();
  const visit = (e: ExprNode | undefined): Estimate => {
    if (!e) return scalar(0);
    const v = e.exprKind.value as Record<string, unknown> | undefined;
    switch (e.exprKind.case) {
      case 'constExpr': {
        const c = (v as { constantKind: { case: string; value: unknown } }).constantKind;
        const size = c.case === 'stringValue' ? (c.value as string).length : c.case === 'bytesValue' ? (c.value as Uint8Array).length : 1;
        return { cost: 0, size, elem: size };
      }
      case 'identExpr': {
        const bound = scope.get((v as { name: string }).name);
        return bound ? { cost: 1, size: bound.size, elem: bound.elem } : { cost: 1, size: DEVICE_VALUE_SIZE, elem: DEVICE_VALUE_SIZE };
      }
      case 'selectExpr': {
        const o = visit((v as { operand: ExprNode }).operand);
        return { cost: sat(o.cost + 1), size: o.elem, elem: o.elem };
      }
      case 'listExpr': {
        const els = (v as { elements: ExprNode[] }).elements.map(visit);
        return { cost: sat(1 + els.reduce((s, x) => s + x.cost, 0)), size: els.length, elem: Math.max(1, ...els.map((x) => x.size)) };
      }
      case 'structExpr': {
        const entries = (v as { entries: { mapKey?: ExprNode; value: ExprNode }[] }).entries;
        const vals = entries.map((en) => [visit(en.mapKey), visit(en.value)] as const);
        return { cost: sat(1 + vals.reduce((s, [k, x]) => s + k.cost + x.cost, 0)), size: entries.length, elem: Math.max(1, ...vals.map(([, x]) => x.size)) };
      }
      case 'callExpr': return call(v as { function: string; target?: ExprNode; args: ExprNode[] });
      case 'comprehensionExpr': {
        const c = v as { iterVar: string; iterVar2?: string; accuVar: string; iterRange: ExprNode; accuInit: ExprNode; loopCondition: ExprNode; loopStep: ExprNode; result: ExprNode };
        const range = visit(c.iterRange);
        const init = visit(c.accuInit);
        // The macros' accumulators grow by at most one element a step (map, filter).
        const accu: Estimate = { cost: 0, size: sat(init.size + range.size), elem: Math.max(init.elem, range.elem, DEVICE_VALUE_SIZE) };
        const saved = [c.iterVar, c.iterVar2, c.accuVar].map((n) => [n, n ? scope.get(n) : undefined] as const);
        if (c.iterVar) scope.set(c.iterVar, { cost: 0, size: range.elem, elem: range.elem });
        if (c.iterVar2) scope.set(c.iterVar2, { cost: 0, size: range.elem, elem: range.elem });
        scope.set(c.accuVar, accu);
        const cond = visit(c.loopCondition);
        const step = visit(c.loopStep);
        const result = visit(c.result);
        for (const [n, prev] of saved) if (n) { if (prev) scope.set(n, prev); else scope.delete(n); }
        const perStep = sat(cond.cost + step.cost + 1);
        return { cost: sat(range.cost + init.cost + mul(range.size, perStep) + result.cost), size: result.size, elem: Math.max(result.elem, step.elem) };
      }
      default: return scalar(1);
    }
  };
  const call = (c: { function: string; target?: ExprNode; args: ExprNode[] }): Estimate => {
    const target = c.target ? visit(c.target) : undefined;
    const args = c.args.map(visit);
    const inputs = target ? [target, ...args] : args;
    const cost = inputs.reduce((s, x) => s + x.cost, 0);
    const read = inputs.reduce((s, x) => s + x.size, 0);
    const t = target ?? args[0] ?? scalar(0);
    switch (c.function) {
      case 'split': {
        // "abc".split("") is ["a","b","c"]: at most one element per character, plus one
        return { cost: sat(cost + 1 + t.size), size: sat(t.size + 1), elem: t.size };
      }
      case 'replace': {
        const [from, to] = [args[0]?.size ?? 1, args[1]?.size ?? 0];
        const occurrences = from === 0 ? t.size + 1 : Math.ceil(t.size / from);
        const size = sat(t.size + mul(occurrences, to));
        return { cost: sat(cost + 1 + size), size, elem: size };
      }
      case 'join': {
        const size = sat(mul(t.size, t.elem) + mul(t.size, args[0]?.size ?? 0));
        return { cost: sat(cost + 1 + size), size, elem: size };
      }
      case '_+_': {
        const size = sat(read);
        return { cost: sat(cost + 1 + size), size, elem: Math.max(...inputs.map((x) => x.elem)) };
      }
      case 'format': case 'substring': case 'trim': case 'lowerAscii': case 'upperAscii': case 'charAt': case 'string': case 'strings.quote': {
        const size = sat(read + (c.function === 'format' || c.function === 'strings.quote' ? mul(2, read) : 0));
        return { cost: sat(cost + 1 + size), size, elem: size };
      }
      case '_[_]': return { cost: sat(cost + 1), size: t.elem, elem: t.elem };
      default:
        // comparisons, contains, matches, size, quantity and semver functions: they read their inputs once
        return { cost: sat(cost + 1 + read), size: 1, elem: 1 };
    }
  };
  return visit(root).cost;
}

/** the runtime meter of one evaluation (the engine evaluates one selector at a time) */
const meter = { spent: 0, limit: Number.POSITIVE_INFINITY, exceeded: false };

export const ACTUAL_COST_LIMIT_EXCEEDED = 'operation cancelled: actual cost limit exceeded';

/** the function the instrumented expression calls around each call and comprehension step */
export const COST_FUNCTION = '@podplay_cost';

function sizeOf(v: unknown): number {
  if (typeof v === 'string') return v.length;
  if (v instanceof Uint8Array) return v.length;
  if (v && typeof v === 'object' && 'size' in v && typeof (v as { size: unknown }).size === 'number') return (v as { size: number }).size;
  return 0;
}

export const costFuncs = [
  celFunc(COST_FUNCTION, [CelScalar.DYN], CelScalar.DYN, (v) => {
    meter.spent += 1 + sizeOf(v);
    if (meter.spent > meter.limit) {
      meter.exceeded = true;
      throw new Error(ACTUAL_COST_LIMIT_EXCEEDED);
    }
    return v;
  }),
];

/**
 * Runs one evaluation under a cost limit; if the meter passed the limit anywhere (even inside a
 * branch that `||` or `&&` later discarded) the evaluation's result is the cost error, as when
 * cel-go interrupts it.
 */
export function withCostLimit<T>(limit: number, evaluate: () => T): T | { costExceeded: true } {
  meter.spent = 0;
  meter.limit = limit;
  meter.exceeded = false;
  try {
    const out = evaluate();
    return meter.exceeded ? { costExceeded: true } : out;
  } finally {
    meter.limit = Number.POSITIVE_INFINITY;
  }
}

/** indexing costs nothing worth metering and keeps the planner's attribute chains intact */
const UNMETERED = new Set(['_[_]', '_[?_]', '_?_:_', '_&&_', '_||_', '!_', '@not_strictly_false', '@in']);

/**
 * A copy of a parsed expression in which every call's value and every comprehension's loop
 * condition passes through the cost function. Ids of the new nodes come after the parser's.
 */
export function instrument(root: ExprNode): ExprNode {
  let nextId = 1n << 40n;
  const wrap = (e: ExprNode): ExprNode => ({ id: nextId++, exprKind: { case: 'callExpr', value: { function: COST_FUNCTION, args: [e] } } }) as ExprNode;
  const visit = (e: ExprNode | undefined): ExprNode | undefined => {
    if (!e) return e;
    const v = e.exprKind.value as Record<string, unknown> | undefined;
    switch (e.exprKind.case) {
      case 'selectExpr': return { ...e, exprKind: { case: 'selectExpr', value: { ...v, operand: visit(v!['operand'] as ExprNode) } } };
      case 'listExpr': return { ...e, exprKind: { case: 'listExpr', value: { ...v, elements: (v!['elements'] as ExprNode[]).map((x) => visit(x)!) } } };
      case 'structExpr': {
        const entries = (v!['entries'] as { mapKey?: ExprNode; value: ExprNode }[]).map((en) => ({ ...en, mapKey: visit(en.mapKey), value: visit(en.value)! }));
        return { ...e, exprKind: { case: 'structExpr', value: { ...v, entries } } };
      }
      case 'callExpr': {
        const c = v as { function: string; target?: ExprNode; args: ExprNode[] };
        const copy: ExprNode = { ...e, exprKind: { case: 'callExpr', value: { ...c, target: visit(c.target), args: c.args.map((x) => visit(x)!) } } };
        return UNMETERED.has(c.function) ? copy : wrap(copy);
      }
      case 'comprehensionExpr': {
        const c = v as Record<string, ExprNode>;
        return {
          ...e,
          exprKind: {
            case: 'comprehensionExpr',
            value: { ...c, iterRange: visit(c['iterRange']), accuInit: visit(c['accuInit']), loopCondition: wrap(visit(c['loopCondition'])!), loopStep: visit(c['loopStep']), result: visit(c['result']) },
          },
        };
      }
      default: return e;
    }
  };
  return visit(root)!;
}

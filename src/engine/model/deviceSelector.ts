// CEL device selectors (resource.k8s.io/v1 CELDeviceSelector), evaluated with @bufbuild/cel.
// upstream: staging/src/k8s.io/dynamic-resource-allocation/cel/compile.go — one variable,
// `device`, with
//   device.driver                       string
//   device.attributes[domain][id]       int, bool, string or version (a semver value)
//   device.capacity[domain][id]         a quantity
//   device.allowMultipleAllocations     bool
// An attribute written without a domain belongs to the driver's domain. A domain the device does
// not have is an empty map (upstream's lazy map), so `device.attributes["x"].y` fails with "no such
// key" and `"y" in device.attributes["x"]` is false.
// upstream's limits: an expression is at most 10 Ki long (CELSelectorExpressionMaxLength) and its
// cost at most 1,000,000 (CELSelectorExpressionMaxCost), both as an estimate when it is compiled
// and as the actual cost of each evaluation (celCost.ts).

import { celEnv, celMethod, CelScalar, isCelError, mapType, parse, plan } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import { ACTUAL_COST_LIMIT_EXCEEDED, costFuncs, estimateCost, instrument, withCostLimit, type ExprNode } from './celCost';
import { celQuantity, celSemver, k8sCelFuncs, k8sCelRegistry } from './celLibrary';
import { formatCount } from '../limits';
import type { Device, DeviceAttribute } from './resource';

export const CEL_SELECTOR_EXPRESSION_MAX_LENGTH = 10 * 1024;
export const CEL_SELECTOR_EXPRESSION_MAX_COST = 1_000_000;

/**
 * upstream (cel-go ext/strings.go): replace(old, new[, n]) replaces the first n occurrences, all
 * when n is negative or absent. One pass: the extension's own replace rebuilds the whole string at
 * each occurrence, quadratic in the string's length.
 */
function replaceOccurrences(this: string, from: string, to: string, n?: bigint): string {
  const limit = n === undefined || n < 0n ? Number.POSITIVE_INFINITY : Number(n);
  if (limit === 0) return this;
  if (from === '') {
    const chars = Array.from(this);
    const out: string[] = [];
    for (let i = 0; i <= chars.length; i++) {
      if (i < limit) out.push(to);
      if (i < chars.length) out.push(chars[i]!);
    }
    return out.join('');
  }
  const parts: string[] = [];
  let at = 0;
  for (let done = 0; done < limit; done++) {
    const i = this.indexOf(from, at);
    if (i < 0) break;
    parts.push(this.slice(at, i), to);
    at = i + from.length;
  }
  parts.push(this.slice(at));
  return parts.join('');
}

const replaceFuncs = [
  celMethod('replace', CelScalar.STRING, [CelScalar.STRING, CelScalar.STRING], CelScalar.STRING, replaceOccurrences),
  celMethod('replace', CelScalar.STRING, [CelScalar.STRING, CelScalar.STRING, CelScalar.INT], CelScalar.STRING, replaceOccurrences),
];

const env = celEnv({
  registry: k8sCelRegistry,
  funcs: [...strings.filter((f) => f.name !== 'replace'), ...replaceFuncs, ...k8sCelFuncs, ...costFuncs],
  variables: { device: mapType(CelScalar.STRING, CelScalar.DYN) },
});

type Program = ReturnType<typeof plan<{ device: ReturnType<typeof mapType> }>>;

export interface CompiledSelector {
  /** the string literals in the expression: domains a device may lack */
  literals: string[];
  program: Program;
}

export type CompileResult = { ok: true; selector: CompiledSelector } | { ok: false; error: string };

/** Walks a parsed expression: its free identifiers and its string literals. */
function inspect(root: ExprNode): { idents: string[]; literals: string[] } {
  const idents: string[] = [];
  const literals: string[] = [];
  const bound = new Set<string>();
  const visit = (e: ExprNode | undefined): void => {
    if (!e) return;
    const v = e.exprKind.value as Record<string, unknown> | undefined;
    switch (e.exprKind.case) {
      case 'constExpr': {
        const c = v as { constantKind: { case: string; value: unknown } };
        if (c.constantKind.case === 'stringValue') literals.push(c.constantKind.value as string);
        return;
      }
      case 'identExpr': {
        const name = (v as { name: string }).name;
        if (!bound.has(name)) idents.push(name);
        return;
      }
      case 'selectExpr': return visit((v as { operand: ExprNode }).operand);
      case 'callExpr': {
        const call = v as { target?: ExprNode; args: ExprNode[] };
        visit(call.target);
        for (const a of call.args) visit(a);
        return;
      }
      case 'listExpr': for (const a of (v as { elements: ExprNode[] }).elements) visit(a); return;
      case 'structExpr':
        for (const en of (v as { entries: { mapKey?: ExprNode; value: ExprNode }[] }).entries) { visit(en.mapKey); visit(en.value); }
        return;
      case 'comprehensionExpr': {
        const c = v as { iterVar: string; iterVar2?: string; accuVar: string; iterRange: ExprNode; accuInit: ExprNode; loopCondition: ExprNode; loopStep: ExprNode; result: ExprNode };
        visit(c.iterRange);
        visit(c.accuInit);
        const added = [c.iterVar, c.iterVar2, c.accuVar].filter((n): n is string => !!n && !bound.has(n));
        for (const n of added) bound.add(n);
        visit(c.loopCondition);
        visit(c.loopStep);
        visit(c.result);
        for (const n of added) bound.delete(n);
        return;
      }
      default: return;
    }
  };
  visit(root);
  return { idents, literals };
}

const cache = new Map<string, CompileResult>();

/**
 * Compiles a selector as the API server validates it; the message is upstream's
 * "compilation failed: ..." detail.
 */
export function compileDeviceSelector(expression: string): CompileResult {
  const hit = cache.get(expression);
  if (hit) return hit;
  const result = compile(expression);
  if (cache.size > 1000) cache.clear();
  cache.set(expression, result);
  return result;
}

function compile(expression: string): CompileResult {
  if (expression.length > CEL_SELECTOR_EXPRESSION_MAX_LENGTH) {
    return { ok: false, error: `may not be longer than ${CEL_SELECTOR_EXPRESSION_MAX_LENGTH} bytes` };
  }
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(expression);
  } catch (e) {
    return { ok: false, error: `compilation failed: ERROR: ${e instanceof Error ? e.message : String(e)}` };
  }
  const root = parsed.expr as unknown as ExprNode;
  const { idents, literals } = inspect(root);
  const undeclared = idents.find((n) => n !== 'device');
  if (undeclared !== undefined) return { ok: false, error: `compilation failed: ERROR: <input>: undeclared reference to '${undeclared}'` };
  const cost = estimateCost(root);
  if (cost > CEL_SELECTOR_EXPRESSION_MAX_COST) {
    return { ok: false, error: `too complex, exceeds cost limit (estimated cost ${formatCount(cost)}, at most ${formatCount(CEL_SELECTOR_EXPRESSION_MAX_COST)})` };
  }
  let program: Program;
  try {
    program = plan(env, { ...parsed, expr: instrument(root) as unknown as typeof parsed.expr }) as Program;
  } catch (e) {
    return { ok: false, error: `compilation failed: ERROR: ${e instanceof Error ? e.message : String(e)}` };
  }
  return { ok: true, selector: { literals, program } };
}

function attributeValue(a: DeviceAttribute): unknown {
  if (a.int !== undefined) return BigInt(a.int);
  if (a.bool !== undefined) return a.bool;
  if (a.string !== undefined) return a.string;
  return a.version !== undefined ? celSemver(a.version) : undefined;
}

/** "domain/id" or "id" (the driver's domain) → [domain, id] */
function splitQualified(driver: string, name: string): [string, string] {
  const i = name.indexOf('/');
  return i < 0 ? [driver, name] : [name.slice(0, i), name.slice(i + 1)];
}

function byDomain<T>(driver: string, entries: Record<string, T> | undefined, value: (t: T) => unknown, literals: readonly string[]): Map<string, Map<string, unknown>> {
  const out = new Map<string, Map<string, unknown>>();
  for (const [name, t] of Object.entries(entries ?? {})) {
    const [domain, id] = splitQualified(driver, name);
    let m = out.get(domain);
    if (!m) out.set(domain, (m = new Map()));
    const v = value(t);
    if (v !== undefined) m.set(id, v);
  }
  for (const l of literals) if (!out.has(l)) out.set(l, new Map());
  return out;
}

export type SelectorResult = { matches: boolean } | { error: string };

/**
 * A selector's result for a device, kept for the device object: a device (a ResourceSlice's
 * entry, replaced with its slice, never changed in place) and a compiled expression give the same
 * result every time, so each cycle's allocator on each node no longer rebuilds the device's
 * attribute maps and evaluates the expression again (issue 24: two thirds of a DRA cycle).
 * Keyed by driver too, as the device's own domain is its slice's driver.
 */
const results = new WeakMap<Device, Map<CompiledSelector, { driver: string; result: SelectorResult }>>();

/** upstream: cel.CompilationResult.DeviceMatches */
export function deviceMatches(selector: CompiledSelector, driver: string, device: Device): SelectorResult {
  let perSelector = results.get(device);
  if (!perSelector) results.set(device, (perSelector = new Map()));
  const hit = perSelector.get(selector);
  if (hit && hit.driver === driver) return hit.result;
  const result = evaluate(selector, driver, device);
  perSelector.set(selector, { driver, result });
  return result;
}

function evaluate(selector: CompiledSelector, driver: string, device: Device): SelectorResult {
  const value = new Map<string, unknown>([
    ['driver', driver],
    ['attributes', byDomain(driver, device.attributes, attributeValue, selector.literals)],
    ['capacity', byDomain(driver, device.capacity, (c) => celQuantity(c.value), selector.literals)],
    ['allowMultipleAllocations', device.allowMultipleAllocations ?? false],
  ]);
  const result = withCostLimit(CEL_SELECTOR_EXPRESSION_MAX_COST, () => selector.program({ device: value as never }));
  if (typeof result === 'object' && result !== null && 'costExceeded' in result) return { error: ACTUAL_COST_LIMIT_EXCEEDED };
  if (isCelError(result)) return { error: result.message.replace(/^field not found: /, 'no such key: ') };
  if (typeof result !== 'boolean') return { error: `CEL result of type ${typeof result} could not be converted to bool` };
  return { matches: result };
}

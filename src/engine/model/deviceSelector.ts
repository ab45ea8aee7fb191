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
// cost at most 1,000,000 (CELSelectorExpressionMaxCost); the cost here is estimated from the
// expression's size, each comprehension over a device's at most 32 attributes.

import { celEnv, CelScalar, isCelError, mapType, parse, plan } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import { celQuantity, celSemver, k8sCelFuncs, k8sCelRegistry } from './celLibrary';
import type { Device, DeviceAttribute } from './resource';

export const CEL_SELECTOR_EXPRESSION_MAX_LENGTH = 10 * 1024;
export const CEL_SELECTOR_EXPRESSION_MAX_COST = 1_000_000;
/** upstream: ResourceSliceMaxAttributesAndCapacitiesPerDevice */
const MAX_ENTRIES_PER_DEVICE = 32;

const env = celEnv({ registry: k8sCelRegistry, funcs: [...strings, ...k8sCelFuncs], variables: { device: mapType(CelScalar.STRING, CelScalar.DYN) } });

type Program = ReturnType<typeof plan<{ device: ReturnType<typeof mapType> }>>;

export interface CompiledSelector {
  /** the string literals in the expression: domains a device may lack */
  literals: string[];
  program: Program;
}

export type CompileResult = { ok: true; selector: CompiledSelector } | { ok: false; error: string };

interface ExprNode {
  exprKind: { case: string | undefined; value?: unknown };
}

/** Walks a parsed expression: identifiers, string literals and an estimated cost. */
function inspect(root: ExprNode): { idents: string[]; literals: string[]; cost: number } {
  const idents: string[] = [];
  const literals: string[] = [];
  const bound = new Set<string>();
  const visit = (e: ExprNode | undefined, weight: number): number => {
    if (!e) return 0;
    const k = e.exprKind;
    const v = k.value as Record<string, unknown> | undefined;
    switch (k.case) {
      case 'constExpr': {
        const c = v as { constantKind: { case: string; value: unknown } };
        if (c.constantKind.case === 'stringValue') literals.push(c.constantKind.value as string);
        return weight;
      }
      case 'identExpr': {
        const name = (v as { name: string }).name;
        if (!bound.has(name)) idents.push(name);
        return weight;
      }
      case 'selectExpr': return weight + visit((v as { operand: ExprNode }).operand, weight);
      case 'callExpr': {
        const call = v as { target?: ExprNode; args: ExprNode[] };
        let cost = weight + visit(call.target, weight);
        for (const a of call.args) cost += visit(a, weight);
        return cost;
      }
      case 'listExpr': return (v as { elements: ExprNode[] }).elements.reduce((s, a) => s + visit(a, weight), weight);
      case 'structExpr': {
        const entries = (v as { entries: { mapKey?: ExprNode; value: ExprNode }[] }).entries;
        return entries.reduce((s, en) => s + visit(en.mapKey, weight) + visit(en.value, weight), weight);
      }
      case 'comprehensionExpr': {
        const c = v as { iterVar: string; iterVar2?: string; accuVar: string; iterRange: ExprNode; accuInit: ExprNode; loopCondition: ExprNode; loopStep: ExprNode; result: ExprNode };
        let cost = visit(c.iterRange, weight) + visit(c.accuInit, weight);
        const added = [c.iterVar, c.iterVar2, c.accuVar].filter((n): n is string => !!n && !bound.has(n));
        for (const n of added) bound.add(n);
        cost += visit(c.loopCondition, weight * MAX_ENTRIES_PER_DEVICE) + visit(c.loopStep, weight * MAX_ENTRIES_PER_DEVICE) + visit(c.result, weight);
        for (const n of added) bound.delete(n);
        return cost;
      }
      default: return weight;
    }
  };
  const cost = visit(root, 1);
  return { idents, literals, cost };
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
  const { idents, literals, cost } = inspect(parsed.expr as unknown as ExprNode);
  const undeclared = idents.find((n) => n !== 'device');
  if (undeclared !== undefined) return { ok: false, error: `compilation failed: ERROR: <input>: undeclared reference to '${undeclared}'` };
  if (cost > CEL_SELECTOR_EXPRESSION_MAX_COST) {
    return { ok: false, error: `cost limit exceeded: the estimated cost ${cost} exceeds the limit of ${CEL_SELECTOR_EXPRESSION_MAX_COST}` };
  }
  let program: Program;
  try {
    program = plan(env, parsed) as Program;
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

/** upstream: cel.CompilationResult.DeviceMatches */
export function deviceMatches(selector: CompiledSelector, driver: string, device: Device): SelectorResult {
  const value = new Map<string, unknown>([
    ['driver', driver],
    ['attributes', byDomain(driver, device.attributes, attributeValue, selector.literals)],
    ['capacity', byDomain(driver, device.capacity, (c) => celQuantity(c.value), selector.literals)],
    ['allowMultipleAllocations', device.allowMultipleAllocations ?? false],
  ]);
  const result = selector.program({ device: value as never });
  if (isCelError(result)) return { error: result.message.replace(/^field not found: /, 'no such key: ') };
  if (typeof result !== 'boolean') return { error: `CEL result of type ${typeof result} could not be converted to bool` };
  return { matches: result };
}

// Label selectors as the descheduler handles them: metav1.LabelSelectorAsSelector's validation
// errors (plugin args validation prints them), and labels.Parse for the selector strings of the
// policy's and DefaultEvictor's `nodeSelector`.
// upstream: k8s.io/apimachinery/pkg/apis/meta/v1/helpers.go (LabelSelectorAsSelector),
// k8s.io/apimachinery/pkg/labels/selector.go (NewRequirement, Parse).

import { compileLabelSelector, type Selector } from '../model/selectors';
import type { LabelSelector, Labels } from '../model/types';
import { formatValue, isQualifiedName, isValidLabelValue } from '../model/validation';
import { quote } from '../model/quote';

const OPERATORS = new Set(['In', 'NotIn', 'Exists', 'DoesNotExist']);

/** field.ErrorList.ToAggregate().Error(): one error bare, several in brackets. */
function aggregate(errs: string[]): string {
  return errs.length === 1 ? errs[0]! : `[${errs.join(', ')}]`;
}

/** upstream: labels.NewRequirement's field errors for one requirement. */
function requirementErrors(key: string, operator: string, values: string[] | undefined): string[] {
  const errs: string[] = [];
  const keyErrs = isQualifiedName(key);
  if (keyErrs.length > 0) errs.push(`key: Invalid value: ${formatValue(key)}: ${keyErrs.join('; ')}`);
  // LabelSelectorAsSelector copies the values with append([]string(nil), ...): none prints null.
  const shown = values && values.length > 0 ? values : undefined;
  if ((operator === 'In' || operator === 'NotIn' || operator === 'in' || operator === 'notin') && !shown) {
    errs.push(`values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty`);
  }
  if ((operator === 'Exists' || operator === 'DoesNotExist' || operator === 'exists' || operator === '!') && shown) {
    errs.push(`values: Invalid value: ${formatValue(shown)}: values set must be empty for exists and does not exist`);
  }
  if ((operator === '=' || operator === '==' || operator === '!=') && (values?.length ?? 0) !== 1) {
    errs.push(`values: Invalid value: ${formatValue(shown ?? null)}: exact-match compatibility requires one single value`);
  }
  (values ?? []).forEach((v, i) => {
    const valueErrs = isValidLabelValue(v);
    if (valueErrs.length > 0) errs.push(`values[${i}]: Invalid value: ${formatValue(v)}: ${valueErrs.join('; ')}`);
  });
  return errs;
}

/**
 * upstream: LabelSelectorAsSelector's error, or undefined when the selector is valid. matchLabels
 * are checked first (in key order here; Go walks the map in random order), then the expressions;
 * the first failing requirement is reported.
 */
export function labelSelectorError(selector: LabelSelector | undefined): string | undefined {
  if (!selector) return undefined;
  for (const key of Object.keys(selector.matchLabels ?? {}).sort()) {
    const errs = requirementErrors(key, '=', [selector.matchLabels![key]!]);
    if (errs.length > 0) return aggregate(errs);
  }
  for (const expr of selector.matchExpressions ?? []) {
    if (!OPERATORS.has(expr.operator)) return `${quote(String(expr.operator))} is not a valid label selector operator`;
    const errs = requirementErrors(expr.key, expr.operator, expr.values);
    if (errs.length > 0) return aggregate(errs);
  }
  return undefined;
}

/** A compiled selector; an invalid one matches nothing (callers validate first). */
export function labelSelectorAsSelector(selector: LabelSelector | undefined): Selector {
  return compileLabelSelector(selector);
}

// ---- labels.Parse ----------------------------------------------------------------------------

interface ParsedRequirement {
  key: string;
  op: '=' | '!=' | 'in' | 'notin' | 'exists' | '!' | 'gt' | 'lt';
  values: string[];
}

/** Splits at commas outside parentheses. */
function splitRequirements(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts;
}

function parseRequirement(text: string): ParsedRequirement | string {
  const s = text.trim();
  if (s === '') return 'unable to parse requirement: found \'\', expected: identifier';
  if (s.startsWith('!')) return { key: s.slice(1).trim(), op: '!', values: [] };
  const setMatch = /^(\S+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(s);
  if (setMatch) {
    const values = setMatch[3]!.split(',').map((v) => v.trim()).filter((v) => v !== '');
    return { key: setMatch[1]!, op: setMatch[2] as 'in' | 'notin', values };
  }
  const opMatch = /^([^=!<>\s]+)\s*(==|=|!=|>|<)\s*(.*)$/.exec(s);
  if (opMatch) {
    const sym = opMatch[2]!;
    const op = sym === '>' ? 'gt' : sym === '<' ? 'lt' : sym === '!=' ? '!=' : '=';
    return { key: opMatch[1]!, op, values: [opMatch[3]!.trim()] };
  }
  if (/^\S+$/.test(s)) return { key: s, op: 'exists', values: [] };
  const found = s.split(/\s+/)[1] ?? '';
  return `unable to parse requirement: found '${found}', expected: '=', '!=', '==', 'in', notin'`;
}

export interface ParsedSelector {
  matches(labels: Labels | undefined): boolean;
}

/**
 * upstream: labels.Parse — "a=b,c!=d,e in (f,g),!h,i". Returns the error text when the string
 * does not parse. The empty string selects everything.
 */
export function parseSelector(s: string): ParsedSelector | { error: string } {
  if (s.trim() === '') return { matches: () => true };
  const requirements: ParsedRequirement[] = [];
  for (const part of splitRequirements(s)) {
    const r = parseRequirement(part);
    if (typeof r === 'string') return { error: r };
    const errs = requirementErrors(r.key, r.op, r.values);
    if ((r.op === 'gt' || r.op === 'lt') && !/^-?\d+$/.test(r.values[0] ?? '')) {
      errs.push(`values[0]: Invalid value: ${formatValue(r.values[0] ?? '')}: for 'Gt', 'Lt' operators, the value must be an integer`);
    }
    if (errs.length > 0) return { error: aggregate(errs) };
    requirements.push(r);
  }
  return {
    matches(labels) {
      return requirements.every((r) => {
        const has = labels !== undefined && Object.prototype.hasOwnProperty.call(labels, r.key);
        const value = has ? labels![r.key]! : undefined;
        switch (r.op) {
          case '=': return has && value === r.values[0];
          case '!=': return !has || value !== r.values[0];
          case 'in': return has && r.values.includes(value!);
          case 'notin': return !has || !r.values.includes(value!);
          case 'exists': return has;
          case '!': return !has;
          case 'gt': return has && /^-?\d+$/.test(value!) && Number(value) > Number(r.values[0]);
          case 'lt': return has && /^-?\d+$/.test(value!) && Number(value) < Number(r.values[0]);
        }
        return false;
      });
    },
  };
}

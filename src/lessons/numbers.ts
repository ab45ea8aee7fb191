// The numbers a lesson's text quotes, and whether the stage shows them (issue 19: "every number the
// text quotes is on the stage at that point, or the text quotes what the stage shows"). A number is
// a run of digits, with a decimal part, that is not part of a name or a version: node-2, gpu-0,
// web-1, v1.35, k8s and #135573 quote none. A unit may follow it (30s, 500m, 4Gi, 48%): the number
// is still the quantity. The browser walk (e2e/clicker.spec.ts) reads the stage's text at every
// point; ./offStage.ts lists, with a reason, the numbers a point may quote without drawing them.

/** Digits not preceded by a letter, a digit, '-', '_', '.', '#' (a name, a version, an issue). */
const NUMBER = /(?<![\p{L}\d\-_.#])\d+(?:\.\d+)?/gu;

/** An arithmetic operator between spaces (a spelled-out computation, not "0/3" or "node-1"; a hyphen is a dash). */
const OPERATOR_BEFORE = /\s[+−×/÷]\s+\(?$/u;
const OPERATOR_AFTER = /^[\p{L}%]*\)?\s+[+−×/÷]\s/u;

export interface QuotedNumber {
  /** as written ("62.5", "1000000") */
  value: string;
  /**
   * an operand of a computation the text spells out ("2 + 1 − 1 = 2": 2, 1 and 1; the result after
   * '=' is not): the text shows how a number is worked out, the stage draws the number, not the sum
   */
  operand: boolean;
}

/** The numbers in `text`, in order; repeats kept. */
export function quotedNumbers(text: string): QuotedNumber[] {
  return [...text.matchAll(NUMBER)].map((m) => {
    const start = m.index;
    const end = start + m[0].length;
    const operand = OPERATOR_BEFORE.test(` ${text.slice(Math.max(0, start - 4), start)}`) || OPERATOR_AFTER.test(`${text.slice(end, end + 8)} `);
    return { value: m[0], operand };
  });
}

/**
 * The numbers `text` quotes that `drawn` does not show, each once, in the text's order: operands of a
 * spelled-out computation and the `exempt` numbers (as written) left out. A number is shown when the
 * drawing quotes the same value (0.50 is 0.5) anywhere, operands included.
 */
export function numbersNotDrawn(text: string, drawn: string, exempt: readonly string[] = []): string[] {
  const shown = new Set(quotedNumbers(drawn).map((n) => Number(n.value)));
  const missing = quotedNumbers(text).filter((n) => !n.operand && !exempt.includes(n.value) && !shown.has(Number(n.value))).map((n) => n.value);
  return [...new Set(missing)];
}

/**
 * The `exempt` numbers (as written) that `drawn` shows after all: an exemption no longer needed,
 * which should go (src/lessons/offStage.ts), in the list's order.
 */
export function staleExemptions(drawn: string, exempt: readonly string[]): string[] {
  const shown = new Set(quotedNumbers(drawn).map((n) => Number(n.value)));
  return exempt.filter((value) => shown.has(Number(value)));
}

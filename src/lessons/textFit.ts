// How many lines a lesson text takes in presenter mode at 1280×720: the lesson panel's text column
// is 450 px wide (38 % of the width, less its padding and the narration's bar) at 24 px. Lines are
// counted by wrapping at spaces and after hyphens with the advance widths of DejaVu Sans (the
// widest of the fonts in the app's font stack, measured in Chromium), so a text that fits here
// fits with Segoe UI or Roboto too.

/** em widths of DejaVu Sans (measured in Chromium at 100 px); other characters count as 1 em */
const EM: Record<string, number> = {
  ' ': 0.32, '!': 0.4, '"': 0.46, '#': 0.84, '$': 0.64, '%': 0.95, '&': 0.78, "'": 0.27, '(': 0.39, ')': 0.39, '*': 0.5, '+': 0.84,
  ',': 0.32, '-': 0.36, '.': 0.32, '/': 0.34, ':': 0.34, ';': 0.34, '<': 0.84, '=': 0.84, '>': 0.84, '?': 0.53, '@': 1,
  '[': 0.39, '\\': 0.34, ']': 0.39, '^': 0.84, '_': 0.5, '`': 0.5, '{': 0.64, '|': 0.34, '}': 0.64, '~': 0.84,
  A: 0.71, B: 0.69, C: 0.7, D: 0.77, E: 0.63, F: 0.58, G: 0.77, H: 0.75, I: 0.29, J: 0.29, K: 0.66, L: 0.56, M: 0.86,
  N: 0.75, O: 0.79, P: 0.6, Q: 0.79, R: 0.69, S: 0.63, T: 0.6, U: 0.73, V: 0.68, W: 0.99, X: 0.69, Y: 0.61, Z: 0.69,
  a: 0.61, b: 0.63, c: 0.55, d: 0.63, e: 0.62, f: 0.34, g: 0.63, h: 0.63, i: 0.28, j: 0.28, k: 0.58, l: 0.28, m: 0.97,
  n: 0.63, o: 0.61, p: 0.63, q: 0.63, r: 0.4, s: 0.52, t: 0.39, u: 0.63, v: 0.59, w: 0.82, x: 0.59, y: 0.59, z: 0.52,
  '×': 0.84, '−': 0.84, '≤': 0.84, '≥': 0.84, '→': 0.84, '–': 0.5, '—': 1, '’': 0.32, '‘': 0.32, '“': 0.52, '”': 0.52, '…': 1,
};
for (const digit of '0123456789') EM[digit] = 0.64;

/** the presenter's lesson text: font size and the width of its column at 1280×720, in px */
export const PRESENTER_TEXT = { fontPx: 24, widthPx: 450, maxLines: 5 } as const;

function widthEm(text: string): number {
  let w = 0;
  for (const ch of text) w += EM[ch] ?? 1;
  return w;
}

/** Lines one paragraph takes in a column `widthPx` wide at `fontPx`, wrapped greedily. */
export function wrappedLines(text: string, fontPx: number = PRESENTER_TEXT.fontPx, widthPx: number = PRESENTER_TEXT.widthPx): number {
  const lineEm = widthPx / fontPx;
  let lines = 1;
  let used = 0;
  // break opportunities: after a space (which hangs at the line's end) and after a hyphen
  for (const piece of text.split(/(?<=[ -])/)) {
    const space = piece.endsWith(' ') ? EM[' ']! : 0;
    const word = widthEm(piece) - space;
    if (used > 0 && used + word > lineEm) {
      lines++;
      used = 0;
    }
    // a word wider than the column is broken across lines of its own
    while (word - used > lineEm) { lines++; used += lineEm; }
    used = used === 0 ? word + space : used + word + space;
  }
  return lines;
}

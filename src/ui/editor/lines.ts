// Counting a scenario's lines without splitting it (a cluster dump can be megabytes).

export function lineCount(text: string): number {
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

/** The text up to the end of its `count`-th line. */
export function firstLines(text: string, count: number): string {
  let end = -1;
  for (let i = 0; i < count; i++) {
    end = text.indexOf('\n', end + 1);
    if (end === -1) return text;
  }
  return text.slice(0, end);
}

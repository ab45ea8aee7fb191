// Lets the error list move the editor's cursor without importing Monaco (which loads lazily).

type Reveal = (line: number, column: number) => void;

let reveal: Reveal | undefined;

export function setEditorReveal(fn: Reveal | undefined): void {
  reveal = fn;
}

/** Puts the cursor on a line of the scenario, if the editor has loaded. */
export function revealInEditor(line: number, column: number): void {
  reveal?.(line, column);
}

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

/** Offsets in the scenario text and what replaces them (src/interop/fixText.ts TextChange). */
export interface EditorChange { from: number; to: number; insert: string }

type ApplyChanges = (changes: readonly EditorChange[]) => void;

let applyChanges: ApplyChanges | undefined;

export function setEditorApplyChanges(fn: ApplyChanges | undefined): void {
  applyChanges = fn;
}

/** Makes the changes in the editor as one undoable edit; false when the editor has not loaded. */
export function applyChangesInEditor(changes: readonly EditorChange[]): boolean {
  if (applyChanges === undefined) return false;
  applyChanges(changes);
  return true;
}

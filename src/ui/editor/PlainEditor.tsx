// What stands in for Monaco: a read-only view of the YAML while Monaco loads, or a plain text area
// if it cannot load at all (the scenario must stay editable either way).

import { usePodplay } from '../../store/hooks';

export function ReadOnlyYaml() {
  const text = usePodplay((s) => s.text);
  const lines = text.split('\n');
  return (
    <div className="plain-yaml" aria-label="Scenario YAML (read-only while the editor loads)">
      <pre className="plain-yaml-gutter" aria-hidden="true">{lines.map((_, i) => i + 1).join('\n')}</pre>
      <pre className="plain-yaml-text">{text}</pre>
    </div>
  );
}

export function TextAreaEditor() {
  const text = usePodplay((s) => s.text);
  const setText = usePodplay((s) => s.setText);
  return (
    <textarea
      className="plain-yaml-textarea"
      aria-label="Scenario YAML"
      spellCheck={false}
      value={text}
      onChange={(e) => setText(e.target.value)}
    />
  );
}

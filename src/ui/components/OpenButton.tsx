// Open a scenario file from disk. The input stays in the page (visually hidden) for tests and
// keyboard users; the button in front of it is what people see.

import { useRef } from 'react';
import { usePodplay } from '../../store/hooks';

export function OpenButton() {
  const input = useRef<HTMLInputElement>(null);
  const openScenario = usePodplay((s) => s.openScenario);
  const fileName = usePodplay((s) => s.fileName);
  return (
    <div className="open-file">
      <button type="button" className="button" onClick={() => input.current?.click()} title="Open a scenario file (o)">
        Open…
      </button>
      <input
        ref={input}
        className="visually-hidden"
        type="file"
        accept=".yaml,.yml,application/x-yaml,text/yaml,text/plain"
        data-testid="open-file"
        aria-label="Open a scenario file"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          if (file === undefined) return;
          openScenario(file.name, await file.text());
          e.target.value = '';
        }}
      />
      <span className="file-name" title={fileName}>{fileName}</span>
    </div>
  );
}

// Dropping a file anywhere on the page imports it (the editor included: a dropped cluster dump is
// meant to be imported, not pasted into the YAML).

import { useEffect, useRef, useState } from 'react';
import { ImportDialog, type ImportDialogHandle } from './ImportDialog';
import './importExport.css';

const carriesFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') ?? false;

export function ImportLayer() {
  const dialog = useRef<ImportDialogHandle>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    const over = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      setDragging(true);
    };
    const leave = (e: DragEvent) => {
      // leaving the window, not moving between elements
      if (e.relatedTarget === null) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      e.stopPropagation();
      setDragging(false);
      const file = e.dataTransfer?.files[0];
      if (file !== undefined) dialog.current?.importFile(file);
    };
    window.addEventListener('dragover', over, true);
    window.addEventListener('dragleave', leave, true);
    window.addEventListener('drop', drop, true);
    return () => {
      window.removeEventListener('dragover', over, true);
      window.removeEventListener('dragleave', leave, true);
      window.removeEventListener('drop', drop, true);
    };
  }, []);

  return (
    <>
      {dragging && <div className="drop-overlay" aria-hidden="true"><p>Drop the file to import it</p></div>}
      <ImportDialog ref={dialog} />
    </>
  );
}

// Bring a real cluster in: paste or drop `kubectl get nodes,pods -A -o yaml` (any List, a set of
// manifests) or a kube-scheduler-simulator export. The import runs in a worker; the dialog then
// says what was kept and what was left out before anything replaces the scenario.

import { useCallback, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { usePodplay, usePodplayStore } from '../../store/hooks';
import { useModalDialog } from '../useModalDialog';
import { interopClient } from './interopClient';
import type { SimulatorImport } from '../../interop';
import type { ImportResult } from './interopWork';
import { baseName, formatBytes } from './saveFile';
import { dumpVersionLine } from '../../interop/dumpVersion';
import { kubectlDumpCommand } from '../../interop/kubectlCommand';
import './importExport.css';

/** kube-scheduler-simulator exports also count the volume objects they leave out. */
function notSimulated(result: ImportResult): { pvs: number; pvcs: number; storageClasses: number } | undefined {
  return (result.stats as Partial<SimulatorImport['stats']>).notSimulated;
}

type Step =
  | { kind: 'input' }
  | { kind: 'busy'; what: string }
  | { kind: 'done'; result: ImportResult; source: string }
  | { kind: 'failed'; message: string };

const number = new Intl.NumberFormat('en');
const plural = (n: number, word: string, many = `${word}s`) => `${number.format(n)} ${n === 1 ? word : many}`;
const WARNINGS_SHOWN = 12;
/** what the importer's header comment calls pasted input */
export const PASTED = 'pasted text';

const FORMAT_NAMES: Record<ImportResult['format'], string> = {
  kubectl: 'kubectl output or manifests',
  'simulator-snapshot': 'a kube-scheduler-simulator export',
  scenario: 'a Podplay scenario',
  unknown: 'not recognised',
};

function Kept({ result }: { result: ImportResult }) {
  const s = result.stats;
  const items = [
    plural(s.nodes, 'node'),
    `${plural(s.pods.bound + s.pods.pending, 'pod')} (${number.format(s.pods.bound)} bound, ${number.format(s.pods.pending)} pending, to be scheduled)`,
    ...(s.workloads > 0 ? [plural(s.workloads, 'workload')] : []),
    ...(s.otherObjects > 0 ? [`${plural(s.otherObjects, 'other object')} (namespaces, priority classes, budgets, configuration…)`] : []),
    ...(s.reconstructed > 0 ? [`${plural(s.reconstructed, 'class', 'classes')} rebuilt from the pods that name them`] : []),
  ];
  return <ul data-testid="import-kept">{items.map((t) => <li key={t}>{t}</li>)}</ul>;
}

function Dropped({ result }: { result: ImportResult }) {
  const s = result.stats;
  const volumes = notSimulated(result);
  const items = [
    ...(s.droppedPods.succeeded + s.droppedPods.failed > 0
      ? [`${plural(s.droppedPods.succeeded + s.droppedPods.failed, 'finished pod')} (${number.format(s.droppedPods.succeeded)} succeeded, ${number.format(s.droppedPods.failed)} failed): they hold no resources`] : []),
    ...(s.droppedPods.onMissingNodes > 0 ? [`${plural(s.droppedPods.onMissingNodes, 'pod')} bound to nodes the input lacks`] : []),
    ...(s.droppedWorkloads > 0 ? [`${plural(s.droppedWorkloads, 'workload')} whose pods stand for them`] : []),
    ...Object.entries(s.droppedKinds).map(([kind, n]) => `${number.format(n)} ${kind}: not simulated`),
    ...(volumes && volumes.pvs + volumes.pvcs + volumes.storageClasses > 0
      ? [`${number.format(volumes.pvs)} PersistentVolumes, ${number.format(volumes.pvcs)} claims, ${number.format(volumes.storageClasses)} StorageClasses: not imported from a simulator export`] : []),
    'managedFields, resourceVersions, runtime status and other API server bookkeeping',
  ];
  return <ul data-testid="import-dropped">{items.map((t) => <li key={t}>{t}</li>)}</ul>;
}

function Summary({ result, source }: { result: ImportResult; source: string }) {
  const warnings = result.warnings;
  return (
    <div className="import-summary" data-testid="import-summary" data-format={result.format}>
      <p>
        <strong>{source}</strong>: {FORMAT_NAMES[result.format]}, {formatBytes(result.stats.bytesIn)}
        {result.format !== 'scenario' && <> → a scenario of {formatBytes(result.stats.bytesOut)}</>}.
      </p>
      {result.stats.kubernetesVersion && <p data-testid="import-version" data-version={result.stats.kubernetesVersion.version}>Simulated as {dumpVersionLine(result.stats.kubernetesVersion)}. The version selector in the header changes it.</p>}
      {result.format === 'scenario' ? <p>It opens as it is.</p> : (
        <div className="import-columns">
          <section><h3>Kept</h3><Kept result={result} /></section>
          <section><h3>Left out</h3><Dropped result={result} /></section>
        </div>
      )}
      {warnings.length > 0 && (
        <details className="import-warnings" open={warnings.length <= 3}>
          <summary>{plural(warnings.length, 'note')}</summary>
          <ul>
            {warnings.slice(0, WARNINGS_SHOWN).map((w, i) => <li key={i}>{w}</li>)}
            {warnings.length > WARNINGS_SHOWN && <li>and {number.format(warnings.length - WARNINGS_SHOWN)} more</li>}
          </ul>
        </details>
      )}
    </div>
  );
}

/** What the page (ImportLayer) can ask of the dialog: import a file dropped anywhere. */
export interface ImportDialogHandle {
  importFile(file: File): void;
}

export function ImportDialog({ ref }: { ref?: Ref<ImportDialogHandle> }) {
  const store = usePodplayStore();
  const open = usePodplay((s) => s.dialog === 'import');
  const dialog = useModalDialog(open);
  const setDialog = usePodplay((s) => s.setDialog);
  const [pasted, setPasted] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'input' });
  const latest = useRef(0);


  const runImport = useCallback(async (input: string | File, source: string) => {
    const id = ++latest.current;
    const size = typeof input === 'string' ? input.length : input.size;
    setStep({ kind: 'busy', what: `Reading ${source} (${formatBytes(size)}) in the background…` });
    try {
      const result = typeof input === 'string'
        ? await interopClient().importText(input, { source })
        : await interopClient().importFile(input, { source });
      if (id !== latest.current) return;
      setStep(result.errors.length > 0 ? { kind: 'failed', message: result.errors.slice(0, 5).join('\n') } : { kind: 'done', result, source });
    } catch (e) {
      if (id === latest.current) setStep({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
    }
  }, []);

  const importFile = useCallback((file: File) => runImport(file, file.name), [runImport]);

  useImperativeHandle(ref, () => ({
    importFile(file) {
      setDialog('import');
      void importFile(file);
    },
  }), [setDialog, importFile]);

  function close() {
    latest.current++;
    setStep({ kind: 'input' });
    setDialog(undefined);
  }

  function openResult(result: ImportResult, source: string) {
    const fileName = source === PASTED
      ? (result.format === 'scenario' ? 'pasted.yaml' : 'imported.yaml')
      : (result.format === 'scenario' ? source : `${baseName(source)}-imported.yaml`);
    store.getState().openImported(fileName, result.yaml);
    setPasted('');
    setStep({ kind: 'input' });
  }

  return (
    <dialog
      ref={dialog}
      className="import-dialog"
      data-testid="import-dialog"
      aria-labelledby="import-title"
      onClose={() => { if (open) close(); }}
    >
      <h2 id="import-title">Import a cluster</h2>
      {step.kind === 'done' ? (
        <>
          <Summary result={step.result} source={step.source} />
          <div className="dialog-actions">
            <button type="button" className="button primary" data-testid="import-open" onClick={() => openResult(step.result, step.source)}>
              Open in the playground
            </button>
            <button type="button" className="button" onClick={() => setStep({ kind: 'input' })}>Back</button>
            <button type="button" className="button" onClick={close}>Cancel</button>
          </div>
        </>
      ) : (
        <>
          <p>
            Paste or drop the output of <code className="import-command" data-testid="import-command">{kubectlDumpCommand()}</code>{' '}
            (YAML or JSON, any <code>List</code>; before Kubernetes 1.34 leave out the four <code>resource.k8s.io</code> kinds;
            on 1.37 add <code>devicetaintrules</code>),
            a set of manifests, or a kube-scheduler-simulator export. Running pods stay on their nodes; pending pods queue for the
            scheduler. Nothing leaves your browser.
          </p>
          <textarea
            className="import-text"
            data-testid="import-text"
            aria-label="kubectl output, manifests or a simulator export"
            placeholder="apiVersion: v1&#10;kind: List&#10;items: …"
            spellCheck={false}
            value={pasted}
            disabled={step.kind === 'busy'}
            onChange={(e) => setPasted(e.target.value)}
          />
          {step.kind === 'busy' && <p className="import-busy" role="status">{step.what}</p>}
          {step.kind === 'failed' && <p className="import-error" role="alert" data-testid="import-error">{step.message}</p>}
          <div className="dialog-actions">
            <button
              type="button"
              className="button primary"
              data-testid="import-run"
              disabled={step.kind === 'busy' || pasted.trim() === ''}
              onClick={() => { void runImport(pasted, PASTED); }}
            >
              Import
            </button>
            <label className="button">
              Choose a file…
              <input
                className="visually-hidden"
                type="file"
                data-testid="import-file"
                accept=".yaml,.yml,.json,.txt,application/json,application/x-yaml,text/yaml,text/plain"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file !== undefined) void importFile(file);
                }}
              />
            </label>
            <button type="button" className="button" onClick={close}>Cancel</button>
          </div>
        </>
      )}
    </dialog>
  );
}

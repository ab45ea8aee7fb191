// What a pasted or dropped file is, so the UI can offer one "Import" for all of them.

import { normalizeParsedDump, type ImportOptions, type KubectlImport } from './kubectl';
import { isObj, kindOf } from './objects';
import { importParsedSnapshot, isSimulatorSnapshot } from './simulatorSnapshot';
import { parseText } from './yaml';

export type ImportFormat =
  /** a Podplay scenario already (it has a podplay/v1alpha1 Scenario document) */
  | 'scenario'
  /** kubectl get -o yaml|json output, a List, or manifests */
  | 'kubectl'
  /** a kube-scheduler-simulator export */
  | 'simulator-snapshot'
  /** not YAML or JSON, or no Kubernetes objects in it */
  | 'unknown';

function formatOf(documents: readonly unknown[]): ImportFormat {
  if (documents.length === 1 && isSimulatorSnapshot(documents[0])) return 'simulator-snapshot';
  const objects = documents.filter(isObj);
  if (objects.some((d) => kindOf(d) === 'Scenario')) return 'scenario';
  if (objects.length > 0 && objects.every((d) => kindOf(d) !== '')) return 'kubectl';
  return 'unknown';
}

/** The format of `text` (parsing it once). */
export function detectFormat(text: string): ImportFormat {
  const parsed = parseText(text);
  return parsed.errors.length ? 'unknown' : formatOf(parsed.documents);
}

/**
 * Imports whatever `text` is: a simulator export or kubectl output becomes a scenario; a
 * scenario comes back unchanged (its own loader reports its problems).
 */
export function importAny(text: string, options: ImportOptions = {}): KubectlImport & { format: ImportFormat } {
  const parsed = parseText(text);
  const format = parsed.errors.length ? 'unknown' : formatOf(parsed.documents);
  switch (format) {
    case 'simulator-snapshot': return { ...importParsedSnapshot(parsed, text.length, options), format };
    case 'kubectl': return { ...normalizeParsedDump(parsed, text.length, options), format };
    case 'scenario': {
      const r = normalizeParsedDump({ documents: [], errors: [], reader: parsed.reader }, text.length);
      return { ...r, yaml: text, stats: { ...r.stats, bytesOut: text.length }, format };
    }
    default:
      return {
        ...normalizeParsedDump(parsed, text.length, options),
        yaml: '', format,
        errors: parsed.errors.length ? parsed.errors : ['no Kubernetes objects found: paste `kubectl get nodes,pods -A -o yaml` output, manifests, or a kube-scheduler-simulator export'],
      };
  }
}

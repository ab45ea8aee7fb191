// The version of a kubectl dump the command line reads directly (issue 17): the same inference
// as the page's import (src/interop/dumpVersion.ts), handed to the engine as the version the file
// shows. The engine runs it, source 'dump', unless the file's Scenario sets spec.kubernetesVersion
// or --kubernetes-version overrides it.

import type { InferredKubernetesVersion } from '../engine/readers';
import { inferDumpVersion } from '../interop/dumpVersion';
import { flattenDocuments } from '../interop/kubectl';
import { parseText } from '../interop/yaml/index';

/** The version the file's nodes or `kubectl version` document show, or undefined (none, or the text does not parse). */
export function fileDumpVersion(text: string): InferredKubernetesVersion | undefined {
  const parsed = parseText(text);
  if (parsed.errors.length) return undefined;
  const inferred = inferDumpVersion(flattenDocuments(parsed.documents));
  return inferred && { version: inferred.version, detail: inferred.detail };
}

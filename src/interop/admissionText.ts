// Words for a ResourceQuota refusal under limitedResources (the API server's configuration),
// shared by \`--explain\` (src/cli/explainAdmission.ts) and the page (src/ui/components/AdmissionNotes.tsx).

import type { AdmissionRefusal } from '../engine/readers';

/** What an `insufficient quota to consume` / `to match these scopes` refusal means, and what to change. */
export function uncoveredSentence(uncovered: NonNullable<AdmissionRefusal['uncovered']>, namespace: string): string {
  return 'resources' in uncovered
    ? `The API server's ResourceQuota configuration (limitedResources) lets a pod use ${uncovered.resources.join(', ')} only where a ResourceQuota in its namespace limits it, and none in ${namespace} does: add one with spec.hard.${uncovered.resources[0]}.`
    : `The API server's ResourceQuota configuration (limitedResources) admits a pod of these scopes only where a ResourceQuota in its namespace has a matching scope, and none in ${namespace} does: add one with that scope in spec.scopeSelector, or drop what puts the pod in the scope (such as its priorityClassName).`;
}

// upstream: pkg/scheduler/apis/config/types_pluginargs.go (NodeAffinityArgs) and
// validation/validation_pluginargs.go (ValidateNodeAffinityArgs).

import type { ArgsError } from '../../framework/interfaces';
import {
  fieldErrorBody, newNodeSelector, newPreferredSchedulingTerms, type FieldError, type LazyErrorNodeSelector,
  type PreferredSchedulingTerms,
} from '../../model/selectors';
import type { NodeAffinity } from '../../model/types';

/** kubescheduler.config.k8s.io/v1 NodeAffinityArgs — no defaults */
export interface NodeAffinityArgs {
  /** scheduler-enforced node affinity applied to every pod of the profile */
  addedAffinity?: NodeAffinity;
}

/** The parsed addedAffinity: a required selector and/or preferred terms. */
export interface AddedAffinity {
  nodeSelector?: LazyErrorNodeSelector;
  preferredSchedulingTerms?: PreferredSchedulingTerms;
}

const REQUIRED_PATH = 'addedAffinity.requiredDuringSchedulingIgnoredDuringExecution';
const PREFERRED_PATH = 'addedAffinity.preferredDuringSchedulingIgnoredDuringExecution';

/** Parses addedAffinity the way New does; field errors carry their path relative to the args. */
export function parseAddedAffinity(args: NodeAffinityArgs | undefined): { added: AddedAffinity; errors: FieldError[] } {
  const added: AddedAffinity = {};
  const errors: FieldError[] = [];
  const affinity = args?.addedAffinity;
  if (!affinity) return { added, errors };
  const required = affinity.requiredDuringSchedulingIgnoredDuringExecution;
  if (required) {
    const parsed = newNodeSelector(required, REQUIRED_PATH);
    added.nodeSelector = parsed.selector;
    errors.push(...parsed.errors);
  }
  const preferred = affinity.preferredDuringSchedulingIgnoredDuringExecution ?? [];
  if (preferred.length > 0) {
    const parsed = newPreferredSchedulingTerms(preferred, PREFERRED_PATH);
    added.preferredSchedulingTerms = parsed.terms;
    errors.push(...parsed.errors);
  }
  return { added, errors };
}

/** upstream: ValidateNodeAffinityArgs — addedAffinity must parse as node selectors. */
export function validateNodeAffinityArgs(args: NodeAffinityArgs): ArgsError[] {
  return parseAddedAffinity(args).errors.map((e) => ({ path: e.field, message: fieldErrorBody(e) }));
}


// upstream: pkg/scheduler/apis/config/v1/defaults.go (SetDefaults_DefaultPreemptionArgs),
// pkg/scheduler/apis/config/validation/validation_pluginargs.go (ValidateDefaultPreemptionArgs).

import type { ArgsError } from '../../framework/interfaces';

export interface DefaultPreemptionArgs {
  /** share of the potential nodes to dry-run, at least; 0..100 */
  minCandidateNodesPercentage: number;
  /** number of nodes to dry-run, at least (capped at the number of potential nodes) */
  minCandidateNodesAbsolute: number;
}

export function defaultPreemptionArgs(): DefaultPreemptionArgs {
  return { minCandidateNodesPercentage: 10, minCandidateNodesAbsolute: 100 };
}

export function applyDefaultPreemptionDefaults(args: Partial<DefaultPreemptionArgs>): DefaultPreemptionArgs {
  const d = defaultPreemptionArgs();
  return {
    minCandidateNodesPercentage: args.minCandidateNodesPercentage ?? d.minCandidateNodesPercentage,
    minCandidateNodesAbsolute: args.minCandidateNodesAbsolute ?? d.minCandidateNodesAbsolute,
  };
}

export function validateDefaultPreemptionArgs(args: DefaultPreemptionArgs): ArgsError[] {
  const errors: ArgsError[] = [];
  const pct = args.minCandidateNodesPercentage, abs = args.minCandidateNodesAbsolute;
  if (pct < 0 || pct > 100) errors.push({ path: 'minCandidateNodesPercentage', message: `Invalid value: ${pct}: not in valid range [0, 100]` });
  if (abs < 0) errors.push({ path: 'minCandidateNodesAbsolute', message: `Invalid value: ${abs}: not in valid range [0, inf)` });
  if (pct === 0 && abs === 0) {
    errors.push(
      { path: 'minCandidateNodesPercentage', message: `Invalid value: ${pct}: cannot be zero at the same time as minCandidateNodesAbsolute` },
      { path: 'minCandidateNodesAbsolute', message: `Invalid value: ${abs}: cannot be zero at the same time as minCandidateNodesPercentage` },
    );
  }
  return errors;
}

/**
 * upstream: calculateNumCandidates — numNodes * percentage / 100 (integer division), raised to
 * the absolute minimum, never more than numNodes.
 */
export function calculateNumCandidates(args: DefaultPreemptionArgs, numNodes: number): number {
  let n = Math.trunc((numNodes * args.minCandidateNodesPercentage) / 100);
  if (n < args.minCandidateNodesAbsolute) n = args.minCandidateNodesAbsolute;
  if (n > numNodes) n = numNodes;
  return n;
}

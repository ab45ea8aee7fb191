// One more of the engine's front doors (README: layout): the policy changes that fix what admission
// refused or defaulted — the quota a refused pod needed, the largest LimitRange default a node could
// still take. Computed from a finished run, without simulating, like readers.ts; apart from it
// because they read controllers' and admission's code, which the page's own chunk does not carry:
// the admission notes that show them are fetched when first drawn (src/ui/lazyView.tsx).

export { lowerDefaultFix, raiseQuotaFix, type PolicyFix } from './whatIf/policyFixes';

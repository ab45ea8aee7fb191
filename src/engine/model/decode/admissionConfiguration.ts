// The API server's admission configuration (kube-apiserver --admission-control-config-file), as a
// scenario states it: an AdmissionConfiguration document. Only the ResourceQuota plugin's
// configuration is simulated (its limitedResources); another plugin's is kept with a warning.
// upstream: staging/src/k8s.io/apiserver/pkg/apis/apiserver/v1/types.go (AdmissionConfiguration),
// pkg/admission/plugin/resourcequota/apis/resourcequota/{v1,v1beta1}/types.go and
// validation/validation.go (ValidateConfiguration: resource is required).

import type { LimitedResource, ScopedResourceSelectorRequirement } from '../policy';
import { defined, type Path, type Reader } from '../decoder';
import type { SrcMap } from '../source';
import { quote } from '../quote';
import { required } from '../validation';
import { decodeScopedRequirement } from './policy';

/** apiserver.k8s.io/v1alpha1 is deprecated since v1.17 but still read by the API server */
export const ADMISSION_CONFIGURATION_VERSIONS = ['apiserver.config.k8s.io/v1', 'apiserver.k8s.io/v1alpha1'] as const;
/** the ResourceQuota plugin's own configuration: apiVersion → kind */
export const RESOURCE_QUOTA_CONFIGURATIONS: Readonly<Record<string, string>> = {
  'apiserver.config.k8s.io/v1': 'ResourceQuotaConfiguration',
  'resourcequota.admission.k8s.io/v1beta1': 'Configuration',
  'resourcequota.admission.k8s.io/v1alpha1': 'Configuration',
};
/** The fields each level of the document may have (the editor's schema lists the same: src/ui/editor/schema.ts). */
export const ADMISSION_CONFIGURATION_FIELDS = {
  root: ['apiVersion', 'kind', 'metadata', 'plugins'],
  plugin: ['name', 'path', 'configuration'],
  configuration: ['apiVersion', 'kind', 'limitedResources'],
  limitedResource: ['apiGroup', 'resource', 'matchContains', 'matchScopes'],
} as const;
/** Podplay's bound on limitedResources (a real list has a handful) */
const MAX_LIMITED_RESOURCES = 100;

export interface AdmissionConfiguration {
  /** the ResourceQuota plugin's limitedResources, in order */
  limitedResources: LimitedResource[];
}

export function decodeAdmissionConfiguration(r: Reader, root: SrcMap): AdmissionConfiguration {
  r.knownFields(root, [], new Set(ADMISSION_CONFIGURATION_FIELDS.root));
  const limitedResources: LimitedResource[] = [];
  const seen = new Set<string>();
  (r.list(r.child(root, 'plugins'), ['plugins']) ?? []).forEach((node, i) => {
    const pp: Path = ['plugins', i];
    const m = r.map(node, pp);
    if (!m) return;
    r.knownFields(m, pp, new Set(ADMISSION_CONFIGURATION_FIELDS.plugin));
    const name = r.str(m, pp, 'name');
    if (name === undefined) { if (!r.has(m, 'name')) r.error(m.pos, [...pp, 'name'], required()); return; }
    if (seen.has(name)) { r.error(r.child(m, 'name')!.pos, [...pp, 'name'], `duplicate plugin ${quote(name)}`); return; }
    seen.add(name);
    if (r.has(m, 'path')) {
      r.error(r.child(m, 'path')!.pos, [...pp, 'path'], 'a scenario cannot read another file: write the plugin\'s configuration inline under `configuration`');
      return;
    }
    if (name !== 'ResourceQuota') {
      r.warn(m.pos, pp, `the configuration of admission plugin ${quote(name)} is not simulated; it has no effect`);
      return;
    }
    const cp: Path = [...pp, 'configuration'];
    const c = r.map(r.child(m, 'configuration'), cp);
    if (!c) { if (!r.has(m, 'configuration')) r.error(m.pos, cp, required()); return; }
    r.knownFields(c, cp, new Set(ADMISSION_CONFIGURATION_FIELDS.configuration));
    const apiVersion = r.str(c, cp, 'apiVersion');
    const kind = r.str(c, cp, 'kind');
    const want = apiVersion !== undefined ? RESOURCE_QUOTA_CONFIGURATIONS[apiVersion] : undefined;
    if (!want || kind !== want) {
      const supported = Object.entries(RESOURCE_QUOTA_CONFIGURATIONS).map(([v, k]) => `${v} ${k}`).join(', ');
      r.error(r.child(c, apiVersion === undefined || want ? 'kind' : 'apiVersion')?.pos ?? c.pos, [...cp, want ? 'kind' : 'apiVersion'], `the ResourceQuota plugin reads ${supported}; got ${apiVersion ?? '(no apiVersion)'} ${kind ?? '(no kind)'}`);
      return;
    }
    const lp: Path = [...cp, 'limitedResources'];
    const list = r.list(r.child(c, 'limitedResources'), lp) ?? [];
    if (list.length > MAX_LIMITED_RESOURCES) r.error(r.child(c, 'limitedResources')!.pos, lp, `more than ${MAX_LIMITED_RESOURCES} limitedResources`);
    list.slice(0, MAX_LIMITED_RESOURCES).forEach((item, j) => {
      const ip: Path = [...lp, j];
      const im = r.map(item, ip);
      if (!im) return;
      r.knownFields(im, ip, new Set(ADMISSION_CONFIGURATION_FIELDS.limitedResource));
      const resource = r.str(im, ip, 'resource');
      // upstream: ValidateConfiguration
      if (!resource) { r.error(r.child(im, 'resource')?.pos ?? im.pos, [...ip, 'resource'], required()); return; }
      const matchScopes: ScopedResourceSelectorRequirement[] = [];
      (r.list(r.child(im, 'matchScopes'), [...ip, 'matchScopes']) ?? []).forEach((s, k) => {
        const req = decodeScopedRequirement(r, s, [...ip, 'matchScopes', k]);
        if (req) matchScopes.push(req);
      });
      limitedResources.push(defined({
        apiGroup: r.str(im, ip, 'apiGroup') || undefined,
        resource,
        matchContains: r.stringList(im, ip, 'matchContains'),
        matchScopes: matchScopes.length ? matchScopes : undefined,
      }));
    });
  });
  return { limitedResources };
}

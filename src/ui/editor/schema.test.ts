// The editor's schema (completion, hover, validation at the line by monaco-yaml) against what the
// loader reads: a kind the loader knows has a schema, and the configuration documents list exactly
// the fields, versions and kinds their decoders accept — a field added to one is missed by neither.
import { describe, expect, it } from 'vitest';
import { objectKinds } from '../../engine/model/decode/kinds';
import { ADMISSION_CONFIGURATION_FIELDS, ADMISSION_CONFIGURATION_VERSIONS, RESOURCE_QUOTA_CONFIGURATIONS } from '../../engine/model/decode/admissionConfiguration';
import { CLUSTER_AUTOSCALER_SPEC_FIELDS } from '../../engine/model/autoscaler';
import { SCHEMA_KINDS, scenarioSchema } from './schema';

/** the parts of a JSON schema the test reads */
interface S { properties?: Record<string, S>; items?: S; if?: S; then?: S; const?: unknown; enum?: string[]; required?: string[]; additionalProperties?: unknown; $ref?: string; allOf?: S[]; definitions?: Record<string, S> }
const root = scenarioSchema as unknown as S;

/** the sub-schema the `if kind == …` branch gives a kind */
const kindSchema = (kind: string): S => {
  const branch = root.allOf?.find((b) => b.if?.properties?.['kind']?.const === kind);
  if (!branch?.then) throw new Error(`no schema for kind ${kind}`);
  return branch.then;
};
const props = (s: S | undefined, ...path: string[]): S | undefined =>
  path.reduce<S | undefined>((at, key) => (key === '[]' ? at?.items : at?.properties?.[key]), s);
const keys = (s: S | undefined) => Object.keys(s?.properties ?? {}).sort();
const sorted = (xs: Iterable<string>) => [...xs].sort();

describe('the editor schema knows what the loader reads', () => {
  it.each([...Object.keys(objectKinds), 'Scenario', 'KubeSchedulerConfiguration', 'ClusterAutoscaler', 'AdmissionConfiguration'])('kind %s has a schema', (kind) => {
    expect(SCHEMA_KINDS).toContain(kind);
  });

  const admission = kindSchema('AdmissionConfiguration');
  const plugin = props(admission, 'plugins', '[]');
  // the ResourceQuota plugin's configuration comes from the plugin entry's if/then on its name
  const rqConfiguration = plugin?.then?.properties?.['configuration'];
  it.each([
    { name: 'AdmissionConfiguration', schema: admission, fields: ADMISSION_CONFIGURATION_FIELDS.root },
    { name: 'plugins[]', schema: plugin, fields: ADMISSION_CONFIGURATION_FIELDS.plugin },
    { name: 'plugins[].configuration (ResourceQuota)', schema: rqConfiguration, fields: ADMISSION_CONFIGURATION_FIELDS.configuration },
    { name: 'limitedResources[]', schema: props(rqConfiguration, 'limitedResources', '[]'), fields: ADMISSION_CONFIGURATION_FIELDS.limitedResource },
    { name: 'ClusterAutoscaler spec', schema: props(kindSchema('ClusterAutoscaler'), 'spec'), fields: CLUSTER_AUTOSCALER_SPEC_FIELDS },
  ])('$name: the fields the decoder accepts, and only those (additionalProperties: false)', ({ schema, fields }) => {
    expect(keys(schema)).toEqual(sorted(fields));
    expect(schema?.additionalProperties).toBe(false);
  });

  it('AdmissionConfiguration: the apiVersions the loader reads, and the ResourceQuota configuration\'s versions and kinds', () => {
    expect(sorted(props(admission, 'apiVersion')?.enum ?? [])).toEqual(sorted(ADMISSION_CONFIGURATION_VERSIONS));
    expect(sorted(props(rqConfiguration, 'apiVersion')?.enum ?? [])).toEqual(sorted(Object.keys(RESOURCE_QUOTA_CONFIGURATIONS)));
    expect(sorted(props(rqConfiguration, 'kind')?.enum ?? [])).toEqual(sorted(new Set(Object.values(RESOURCE_QUOTA_CONFIGURATIONS))));
    // a limited resource needs its resource (upstream: ValidateConfiguration), as the loader says at its line
    expect(props(rqConfiguration, 'limitedResources', '[]')?.required).toEqual(['resource']);
  });

  it('a ClusterAutoscaler template is checked as a Node (its labels, taints and allocatable complete)', () => {
    expect(props(kindSchema('ClusterAutoscaler'), 'spec', 'templates', '[]')?.$ref).toBe('#/definitions/node');
    expect(root.definitions?.['node']).toBe(kindSchema('Node'));
  });
});

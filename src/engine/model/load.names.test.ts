// Names the timeline's steps carry are validated as the API server validates the objects they
// name (a shell command in a name is refused here, long before an export writes it anywhere),
// and a `scale`, `ungate` or `evict` must name something the scenario has.
// upstream: apimachinery/pkg/util/validation/validation.go (IsDNS1123Subdomain, IsDNS1123Label,
// IsQualifiedName), apimachinery/pkg/api/validation/generic.go (maskTrailingDash),
// pkg/apis/core/validation/validation.go (validateSchedulingGates).
import { describe, expect, it } from 'vitest';
import { loadScenario } from './load';

const FILE = 'names.yaml';
const subdomain = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const label = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const qualifiedName = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

const template = '{selector: {matchLabels: {app: x}}, template: {metadata: {labels: {app: x}}, spec: {containers: [{name: c, image: i}]}}}';
// lines 1-4: a Deployment "web" with no replicas; lines 5-8: a StatefulSet "db"; lines 9-12: a gated Pod "batch"
const cluster = [
  'apiVersion: apps/v1', 'kind: Deployment', 'metadata: {name: web}', `spec: {replicas: 0, ${template.slice(1)}`,
  '---', 'apiVersion: apps/v1', 'kind: StatefulSet', 'metadata: {name: db}', `spec: {replicas: 0, ${template.slice(1)}`,
  '---', 'apiVersion: v1', 'kind: Pod', 'metadata: {name: batch}', 'spec: {schedulingGates: [{name: example.com/quota}], containers: [{name: c, image: i}]}',
];
// the Scenario's steps start on line 21
const scenario = (...steps: string[]) => [...cluster, '---', 'apiVersion: podplay/v1alpha1', 'kind: Scenario', 'metadata: {name: s}', 'spec:', '  timeline:', ...steps].join('\n');

function messages(text: string): string[] {
  const r = loadScenario(text, FILE);
  return r.ok ? [] : r.errors.map((e) => `${e.line}:${e.column}: ${e.message}`);
}

describe('timeline steps: names and what they refer to', () => {
  it.each([
    {
      name: 'scale of a name with a shell command in it',
      step: '  - {at: 1, action: scale, kind: Deployment, name: "web --replicas=2; touch /tmp/x #", replicas: 2}',
      errors: [`21:52: Scenario s: spec.timeline[0].name: Invalid value: "web --replicas=2; touch /tmp/x #": ${subdomain}`],
    },
    {
      name: 'scale in a namespace that is not a DNS label',
      step: '  - {at: 1, action: scale, kind: Deployment, name: web, namespace: "a$(id)", replicas: 2}',
      errors: [`21:68: Scenario s: spec.timeline[0].namespace: Invalid value: "a$(id)": ${label}`],
    },
    {
      name: 'scale of a Deployment the scenario does not have (kubectl: NotFound)',
      step: '  - {at: 1, action: scale, kind: Deployment, name: api, replicas: 2}',
      errors: ['21:52: Scenario s: spec.timeline[0].name: Deployment "default/api" not found (not declared in the scenario nor applied by an earlier step)'],
    },
    {
      name: 'scale of the right name with the wrong kind',
      step: '  - {at: 1, action: scale, kind: ReplicaSet, name: web, replicas: 2}',
      errors: ['21:52: Scenario s: spec.timeline[0].name: ReplicaSet "default/web" not found (not declared in the scenario nor applied by an earlier step)'],
    },
    {
      name: 'ungate of a gate whose name holds a newline',
      step: '  - {at: 1, action: ungate, pod: batch, gate: "example.com/quota\\nrm -rf ~"}',
      errors: [`21:47: Scenario s: spec.timeline[0].gate: Invalid value: "example.com/quota\\nrm -rf ~": ${qualifiedName}`],
    },
    {
      name: 'ungate of a pod the scenario does not have',
      step: '  - {at: 1, action: ungate, pod: other/batch}',
      errors: ['21:34: Scenario s: spec.timeline[0].pod: pod "other/batch" not found (not declared in the scenario nor applied by an earlier step)'],
    },
    {
      name: 'ungate of a pod no workload could make ("db" makes db-<n>)',
      step: '  - {at: 1, action: ungate, pod: dbx-0}',
      errors: ['21:34: Scenario s: spec.timeline[0].pod: pod "default/dbx-0" not found (not declared in the scenario nor applied by an earlier step)'],
    },
    {
      name: 'evict of a pod the scenario does not have (kubectl: NotFound)',
      step: '  - {at: 1, action: evict, pod: default/batch-2}',
      errors: ['21:33: Scenario s: spec.timeline[0].pod: pod "default/batch-2" not found (not declared in the scenario nor applied by an earlier step)'],
    },
    {
      name: 'delete of a name with backticks',
      step: '  - {at: 1, action: delete, kind: Pod, name: "`id`"}',
      errors: [`21:46: Scenario s: spec.timeline[0].name: Invalid value: "\`id\`": ${subdomain}`],
    },
  ])('$name', ({ step, errors }) => {
    expect(messages(scenario(step))).toEqual(errors);
  });

  it('accepts what exists: declared, made by a controller, or applied by an earlier step', () => {
    expect(messages(scenario(
      '  - {at: 1, action: scale, kind: Deployment, name: web, replicas: 1}',
      '  - {at: 1, action: scale, kind: StatefulSet, name: db, replicas: 1}',
      '  - {at: 2, action: ungate, pod: default/batch, gate: example.com/quota}',
      '  - {at: 2, action: ungate, pod: db-0}',
      '  - {at: 3, action: apply, object: {apiVersion: batch/v1, kind: Job, metadata: {name: late, namespace: team}, spec: {template: {spec: {restartPolicy: Never, containers: [{name: c, image: i}]}}}}}',
      '  - {at: 4, action: scale, kind: Job, name: late, namespace: team, replicas: 3}',
      '  - {at: 5, action: apply, object: {kind: Pod, metadata: {generateName: gen-}, spec: {containers: [{name: c, image: i}]}}}',
      '  - {at: 6, action: ungate, pod: gen-x7k2q}',
      '  - {at: 7, action: evict, pod: batch}',
      '  - {at: 7, action: evict, pod: web-5d4f8-abcde}',
      '  - {at: 7, action: evict, pod: team/late-x2k9p}',
    ))).toEqual([]);
  });

  it('a deleted pod can no longer be evicted', () => {
    expect(messages(scenario(
      '  - {at: 1, action: delete, kind: Pod, name: batch}',
      '  - {at: 2, action: evict, pod: batch}',
    ))).toEqual(['22:33: Scenario s: spec.timeline[1].pod: pod "default/batch" not found (not declared in the scenario nor applied by an earlier step)']);
  });

  it('a deleted workload can no longer be scaled', () => {
    expect(messages(scenario(
      '  - {at: 1, action: delete, kind: Deployment, name: web}',
      '  - {at: 2, action: scale, kind: Deployment, name: web, replicas: 1}',
    ))).toEqual(['22:52: Scenario s: spec.timeline[1].name: Deployment "default/web" not found (not declared in the scenario nor applied by an earlier step)']);
  });
});

describe('metadata.generateName', () => {
  const pod = (generateName: string) => ['apiVersion: v1', 'kind: Pod', `metadata: {generateName: ${JSON.stringify(generateName)}}`, 'spec: {containers: [{name: c, image: i}]}'].join('\n');
  it('is validated as a name with its trailing dash masked', () => {
    expect(messages(pod('web-'))).toEqual([]);
    expect(messages(pod('web;id-'))).toEqual([`3:26: Pod default/web;id-*: metadata.generateName: Invalid value: "web;id-": ${subdomain}`]);
  });
});

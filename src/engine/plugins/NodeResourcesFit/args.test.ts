// Cases from upstream apis/config/v1/defaults_test.go (TestPluginArgsDefaults) and
// apis/config/validation/validation_pluginargs_test.go (TestValidateFitArgs,
// TestValidateLeastAllocatedScoringStrategy, TestValidateMostAllocatedScoringStrategy,
// TestValidateRequestedToCapacityRatioScoringStrategy).
import { describe, expect, it } from 'vitest';
import type { NodeResourcesFitArgs, ResourceSpec, ScoringStrategyType, UtilizationShapePoint } from './args';
import { NodeResourcesFit } from './index';

const defaultScoringStrategy = { type: 'LeastAllocated' as const, resources: [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }] };
const validate = (args: NodeResourcesFitArgs) => NodeResourcesFit.validateArgs!(args);
const messages = (args: NodeResourcesFitArgs) => validate(args).map((e) => `${e.path}: ${e.message}`).join('\n');

describe('NodeResourcesFitArgs defaults (TestPluginArgsDefaults)', () => {
  const cases: { name: string; in: NodeResourcesFitArgs; want: NodeResourcesFitArgs }[] = [
    { name: 'NodeResourcesFitArgs not set', in: {}, want: { scoringStrategy: defaultScoringStrategy } },
    {
      name: 'NodeResourcesFitArgs Resources empty', in: { scoringStrategy: { type: 'MostAllocated', resources: [] } },
      want: { scoringStrategy: { type: 'MostAllocated', resources: defaultScoringStrategy.resources } },
    },
    {
      name: 'a zero weight becomes 1 (SetDefaults_NodeResourcesFitArgs)', in: { scoringStrategy: { type: 'MostAllocated', resources: [{ name: 'cpu', weight: 0 }, { name: 'memory', weight: 5 }] } },
      want: { scoringStrategy: { type: 'MostAllocated', resources: [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 5 }] } },
    },
  ];
  it.each(cases)('$name', (c) => expect(NodeResourcesFit.applyDefaults!(c.in)).toEqual(c.want));
  it('defaultArgs() equals the defaults of empty args', () => {
    expect(NodeResourcesFit.defaultArgs!()).toEqual(NodeResourcesFit.applyDefaults!({}));
  });
});

describe('ValidateNodeResourcesFitArgs (TestValidateFitArgs)', () => {
  const cases: { name: string; args: NodeResourcesFitArgs; expect?: string }[] = [
    { name: 'IgnoredResources: too long value', args: { ignoredResources: [`longvalue${'a'.repeat(64)}`], scoringStrategy: defaultScoringStrategy }, expect: 'name part must be no more than 63 bytes' },
    { name: 'IgnoredResources: name is empty', args: { ignoredResources: ['example.com/'], scoringStrategy: defaultScoringStrategy }, expect: 'name part must be non-empty' },
    { name: 'IgnoredResources: name has too many slash', args: { ignoredResources: ['example.com/aaa/bbb'], scoringStrategy: defaultScoringStrategy }, expect: 'a valid label key must consist of alphanumeric characters' },
    { name: 'IgnoredResources: valid args', args: { ignoredResources: ['example.com'], scoringStrategy: defaultScoringStrategy } },
    { name: 'IgnoredResourceGroups: valid args ', args: { ignoredResourceGroups: ['example.com'], scoringStrategy: defaultScoringStrategy } },
    { name: 'IgnoredResourceGroups: illegal args', args: { ignoredResourceGroups: ['example.com/'], scoringStrategy: defaultScoringStrategy }, expect: 'name part must be non-empty' },
    { name: 'IgnoredResourceGroups: name is too long', args: { ignoredResourceGroups: ['a'.repeat(64)], scoringStrategy: defaultScoringStrategy }, expect: 'name part must be no more than 63 bytes' },
    { name: 'IgnoredResourceGroups: name cannot be contain slash', args: { ignoredResourceGroups: ['example.com/aa'], scoringStrategy: defaultScoringStrategy }, expect: "resource group name can't contain '/'" },
    { name: 'ScoringStrategy: type is unsupported', args: { scoringStrategy: { type: 'Invalid' as ScoringStrategyType, resources: [] } }, expect: 'Unsupported value: "Invalid"' },
  ];
  it.each(cases)('$name', (c) => {
    if (c.expect === undefined) expect(validate(c.args)).toEqual([]);
    else expect(messages(c.args)).toContain(c.expect);
  });

  it('words errors like apimachinery field errors', () => {
    expect(validate({ ignoredResourceGroups: ['example.com/aa'], scoringStrategy: { type: 'Invalid' as ScoringStrategyType, resources: [{ name: 'cpu', weight: 0 }] } })).toEqual([
      { path: 'ignoredResourceGroups[0]', message: "Invalid value: \"example.com/aa\": resource group name can't contain '/'" },
      { path: 'scoringStrategy.type', message: 'Unsupported value: "Invalid": supported values: "LeastAllocated", "MostAllocated", "RequestedToCapacityRatio"' },
      { path: 'scoringStrategy.resources[0].weight', message: 'Invalid value: 0: resource weight of cpu not in valid range (0, 100]' },
    ]);
    expect(validate({ ignoredResources: ['a/b/c'], scoringStrategy: defaultScoringStrategy })).toEqual([{
      path: 'ignoredResources[0]',
      message: "Invalid value: \"a/b/c\": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    }]);
  });
});

const weightCases: { name: string; resources: ResourceSpec[]; paths: string[] }[] = [
  { name: 'default config', resources: [], paths: [] },
  { name: 'multi valid resources', resources: [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 10 }], paths: [] },
  { name: 'weight less than min', resources: [{ name: 'cpu', weight: 0 }], paths: ['scoringStrategy.resources[0].weight'] },
  { name: 'weight greater than max', resources: [{ name: 'cpu', weight: 101 }], paths: ['scoringStrategy.resources[0].weight'] },
  { name: 'multi invalid resources', resources: [{ name: 'cpu', weight: 0 }, { name: 'memory', weight: 101 }], paths: ['scoringStrategy.resources[0].weight', 'scoringStrategy.resources[1].weight'] },
];

describe.each(['LeastAllocated', 'MostAllocated'] as const)('%s resource weights (TestValidate<Strategy>ScoringStrategy)', (type) => {
  it.each(weightCases)('$name', (c) => {
    expect(validate({ scoringStrategy: { type, resources: c.resources } }).map((e) => e.path)).toEqual(c.paths);
  });
});

describe('RequestedToCapacityRatio shape (TestValidateRequestedToCapacityRatioScoringStrategy)', () => {
  const defaultShape = [{ utilization: 30, score: 3 }];
  const cases: { name: string; resources?: ResourceSpec[]; shape: UtilizationShapePoint[]; errs: [path: string, kind: string][] }[] = [
    { name: 'no shapes', shape: [], errs: [['scoringStrategy.shape', 'Required value']] },
    { name: 'weight greater than max', shape: defaultShape, resources: [{ name: 'cpu', weight: 101 }], errs: [['scoringStrategy.resources[0].weight', 'Invalid value']] },
    { name: 'weight less than min', shape: defaultShape, resources: [{ name: 'cpu', weight: 0 }], errs: [['scoringStrategy.resources[0].weight', 'Invalid value']] },
    { name: 'valid shapes', shape: defaultShape, errs: [] },
    { name: 'utilization less than min', shape: [{ utilization: -1, score: 3 }], errs: [['scoringStrategy.shape[0].utilization', 'Invalid value']] },
    { name: 'utilization greater than max', shape: [{ utilization: 101, score: 3 }], errs: [['scoringStrategy.shape[0].utilization', 'Invalid value']] },
    { name: 'duplicated utilization values', shape: [{ utilization: 10, score: 3 }, { utilization: 10, score: 3 }], errs: [['scoringStrategy.shape[1].utilization', 'Invalid value']] },
    { name: 'increasing utilization values', shape: [{ utilization: 10, score: 3 }, { utilization: 20, score: 3 }, { utilization: 30, score: 3 }], errs: [] },
    { name: 'non-increasing utilization values', shape: [{ utilization: 10, score: 3 }, { utilization: 20, score: 3 }, { utilization: 15, score: 3 }], errs: [['scoringStrategy.shape[2].utilization', 'Invalid value']] },
    { name: 'score less than min', shape: [{ utilization: 10, score: -1 }], errs: [['scoringStrategy.shape[0].score', 'Invalid value']] },
    { name: 'score greater than max', shape: [{ utilization: 10, score: 11 }], errs: [['scoringStrategy.shape[0].score', 'Invalid value']] },
  ];
  it.each(cases)('$name', (c) => {
    const errs = validate({ scoringStrategy: { type: 'RequestedToCapacityRatio', resources: c.resources ?? [], requestedToCapacityRatio: { shape: c.shape } } });
    expect(errs.map((e) => [e.path, e.message.split(':')[0]])).toEqual(c.errs);
  });

  it('a RequestedToCapacityRatio strategy without requestedToCapacityRatio needs a shape (deviation: upstream NewFit crashes)', () => {
    expect(validate({ scoringStrategy: { type: 'RequestedToCapacityRatio', resources: [] } }).map((e) => e.path)).toEqual(['scoringStrategy.shape']);
  });
});

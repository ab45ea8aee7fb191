// The DRA allocator bomb of issue 23 (critical 3), as a user would paste or link it: a claim for 8
// of a node's 20 GPUs and a device nothing matches, so every ordered choice of 8 is tried (over 60 s
// before the allocator's step budget). The CLI test (src/cli/draBudget.test.ts) and the browser test
// (e2e/hostile-links.spec.ts) run this same text.
const gpus = Array.from({ length: 20 }, (_, i) => `{name: gpu-${i}}`).join(', ');

export const ALLOCATOR_BOMB = [
  'apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: gpu}\nspec: {selectors: [{cel: {expression: device.driver == "gpu.example.com"}}]}',
  'apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: none}\nspec: {selectors: [{cel: {expression: device.driver == "none.example.com"}}]}',
  'apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: greedy, namespace: default}\nspec:\n  devices:\n    requests:\n      - {name: gpus, exactly: {deviceClassName: gpu, count: 8}}\n      - {name: other, exactly: {deviceClassName: none}}',
  'apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus: {allocatable: {cpu: "8", memory: 32Gi, pods: "110"}}',
  `apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: n1-gpus}\nspec: {driver: gpu.example.com, nodeName: n1, pool: {name: n1, generation: 1, resourceSliceCount: 1}, devices: [${gpus}]}`,
  'apiVersion: v1\nkind: Pod\nmetadata: {name: trainer, namespace: default}\nspec:\n  resourceClaims: [{name: c, resourceClaimName: greedy}]\n  containers: [{name: c, image: trainer}]',
].join('\n---\n');

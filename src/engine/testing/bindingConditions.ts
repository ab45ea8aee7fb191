// A test cluster for device binding conditions (DRADeviceBindingConditions): node n1 (4 cpu) in
// fabric a, DeviceClass gpu, and a fabric pool reachable from n1 whose one device, gpu-0, binds to
// the chosen node only once its driver reports FabricDeviceReady (FabricDeviceFailed fails it).
export const bindingConditionsCluster = `apiVersion: v1
kind: Node
metadata: {name: n1, labels: {fabric: a}}
status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
---
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: gpu}
spec:
  selectors: [{cel: {expression: 'device.driver == "gpu.example.com"'}}]
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: fabric}
spec:
  driver: gpu.example.com
  nodeSelector: {nodeSelectorTerms: [{matchExpressions: [{key: fabric, operator: In, values: [a]}]}]}
  pool: {name: fabric-a, generation: 1, resourceSliceCount: 1}
  devices:
    - {name: gpu-0, bindsToNode: true, bindingConditions: [FabricDeviceReady], bindingFailureConditions: [FabricDeviceFailed]}
`;

// The version of a file the command line reads: a kubectl dump shows one, a scenario shows none.
import { describe, expect, it } from 'vitest';
import { fileDumpVersion } from './dumpVersion';

const node = (name: string, kubelet: string) => `- {apiVersion: v1, kind: Node, metadata: {name: ${name}}, status: {nodeInfo: {kubeletVersion: ${kubelet}}}}`;

describe('fileDumpVersion', () => {
  const rows = [
    { name: "kubectl get nodes -o yaml: the kubelets' minor", text: ['apiVersion: v1', 'kind: List', 'items:', node('a', 'v1.35.1'), node('b', 'v1.35.1')].join('\n'), want: { version: '1.35', detail: "inferred from 2 nodes' kubeletVersion v1.35.1 (kubelets may lag the API server)" } },
    { name: 'the same dump as JSON', text: JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [{ apiVersion: 'v1', kind: 'Node', metadata: { name: 'a' }, status: { nodeInfo: { kubeletVersion: 'v1.37.0' } } }] }), want: { version: '1.37', detail: "inferred from 1 node's kubeletVersion v1.37.0 (kubelets may lag the API server)" } },
    { name: 'a `kubectl version` document wins over the kubelets', text: ['serverVersion: {gitVersion: v1.37.2}', '---', 'apiVersion: v1', 'kind: List', 'items:', node('a', 'v1.36.0')].join('\n'), want: { version: '1.37', detail: "the API server's version in the dump (kubectl version: serverVersion v1.37.2)" } },
    { name: 'a scenario whose nodes carry no kubeletVersion shows none', text: 'apiVersion: v1\nkind: Node\nmetadata: {name: a}\nstatus: {allocatable: {cpu: "4"}}\n', want: undefined },
    { name: 'text that does not parse shows none (the engine reports the error)', text: 'a: [\n', want: undefined },
  ];
  it.each(rows)('$name', ({ text, want }) => {
    expect(fileDumpVersion(text)).toEqual(want);
  });
});

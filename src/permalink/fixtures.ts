// Frozen permalinks of every published format, with the state each must open to. Made once with
// Node's zlib from hand-written JSON and never regenerated: a link published in a release must open
// the same way in every later release. Read by codec.test.ts and by the browser tests (e2e/).

import type { PermalinkState } from './migrations';

export interface FrozenLink {
  name: string;
  link: string;
  state: PermalinkState;
}

export const frozenLinks: readonly FrozenLink[] = [
  {
    name: 'format 1, a node and a pod at the Filter step of cycle 1',
    link: '#p1.eJxt0LFOwzAQBuBXsW52WhWY7gUYQIiJBTNc7Gtr1bmzbKchRHl3FFQxdbt_-PX9ugWugAcL1bNQiQoIlOMHlxpV0FwPTi5RApo3Dexk4EaBGqFZhAZGIxq4O6xOaqM2VjQLpaSeGvWJ0Sw-j2gcPDiwZuBBy4zm6Tmuq5Ou65zcx9413LEm7q3ZzprJM5rARxpT2_DMfsNUGkXhUtF83kremjjQaZt6ivK9fq1OwEJlDoCPFvzsE_-9IJ-pMiAcY2pcwELWAAg3ZT9xDxaukSfABZpmTXqaX3gG_E-7y9hzEW5cd1H3Pyq8WWedXqnnVAFbGXldfwGbyYMh',
    state: {
      scenario: 'apiVersion: v1\nkind: Node\nmetadata: {name: node-1}\nstatus: {allocatable: {cpu: "2", memory: 4Gi}}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: web, namespace: default}\nspec: {containers: [{name: c, image: nginx}]}\n',
      seed: 3, cycle: 1, phase: 'filter', pod: 'default/web', view: { topologyKey: 'topology.kubernetes.io/zone', showLabels: true },
    },
  },
  {
    name: 'format 2, the Compare view with MostAllocated as configuration B',
    link: '#p2.eJxdkL1qw0AQhF9luVpSsEkRtguBpAhxEUOqa9Z3a-XwaVfcj0EIvXuQRRxIOzMM881srgb3jcmOhVJQg4bG8MUpBxWE687KJYhHOKhnKwMX8lQIYRYaGEHUc7tbrORCpWaEmWJUR4VOkRFmN1YEa_bWNDDwoGlCeHwLy2LFNCYze4O7xjgdRkpscDZO5Rz6fzsu9cTZfbOvkVO3RbrLU-6CPvxtfK8nPv6mXm6hmqgEFStj0nOInNFKC_eqww3C85lqLO1dtgIwxtoH2VpwFVrYkNcnPjlrTY7zayirB0CpX-mz0xSkP5ZEhfsJYS7TyAgfmsvz9gz7G_2y_ACp-4hY',
    state: {
      scenario: 'apiVersion: v1\nkind: Node\nmetadata: {name: node-1}\nstatus: {allocatable: {cpu: "2", memory: 4Gi}}\n',
      seed: 1,
      compare: { config: 'apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\nprofiles:\n- schedulerName: default-scheduler\n  pluginConfig:\n  - name: NodeResourcesFit\n    args: {scoringStrategy: {type: MostAllocated}}\n' },
    },
  },
];

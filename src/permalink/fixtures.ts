// Frozen permalinks of every published format, with the state each must open to. Made once with
// Node's zlib from hand-written JSON and never regenerated: a link published in a release must open
// the same way in every later release. Read by codec.test.ts and by the browser tests (e2e/).
// Formats 1 and 2 predate the version axis (issue 17): they open pinned to kube-scheduler v1.35,
// which their scenario text now says (the link itself is unchanged).

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
      scenario: 'apiVersion: podplay/v1alpha1\nkind: Scenario\nspec:\n  kubernetesVersion: "1.35"\n---\napiVersion: v1\nkind: Node\nmetadata: {name: node-1}\nstatus: {allocatable: {cpu: "2", memory: 4Gi}}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: web, namespace: default}\nspec: {containers: [{name: c, image: nginx}]}\n',
      seed: 3, cycle: 1, phase: 'filter', pod: 'default/web', view: { topologyKey: 'topology.kubernetes.io/zone', showLabels: true },
    },
  },
  {
    name: 'format 2, the Compare view with MostAllocated as configuration B',
    link: '#p2.eJxdkL1qw0AQhF9luVpSsEkRtguBpAhxEUOqa9Z3a-XwaVfcj0EIvXuQRRxIOzMM881srgb3jcmOhVJQg4bG8MUpBxWE687KJYhHOKhnKwMX8lQIYRYaGEHUc7tbrORCpWaEmWJUR4VOkRFmN1YEa_bWNDDwoGlCeHwLy2LFNCYze4O7xjgdRkpscDZO5Rz6fzsu9cTZfbOvkVO3RbrLU-6CPvxtfK8nPv6mXm6hmqgEFStj0nOInNFKC_eqww3C85lqLO1dtgIwxtoH2VpwFVrYkNcnPjlrTY7zayirB0CpX-mz0xSkP5ZEhfsJYS7TyAgfmsvz9gz7G_2y_ACp-4hY',
    state: {
      scenario: 'apiVersion: podplay/v1alpha1\nkind: Scenario\nspec:\n  kubernetesVersion: "1.35"\n---\napiVersion: v1\nkind: Node\nmetadata: {name: node-1}\nstatus: {allocatable: {cpu: "2", memory: 4Gi}}\n',
      seed: 1,
      compare: { config: 'apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\nprofiles:\n- schedulerName: default-scheduler\n  pluginConfig:\n  - name: NodeResourcesFit\n    args: {scoringStrategy: {type: MostAllocated}}\n' },
    },
  },
  {
    name: 'format 3, a scenario that says kube-scheduler v1.36, at the Filter step of cycle 1',
    link: '#p3.eJx9j7FqAzEQRH9l2VoXc3ZIsT-QLgQMaaIUe9LaFtatxElnxxz692A4TIqQboqZeTMLXpB2BosT5SkkJOQcPmQqISlBTj5Hvm0uPcd84t7qOagn2K92qyWLI6sA53mQSaVKeaQt9k-7F4tWu66z-rv48qh6S16sjlLZc2WCRXkUAk1eur5ZLZXrXAgWjjE5rjxEIVhcnu-ArUUDo4xpuhE8v4bW_oW9J_8H6yqDgbssmZ0QeDnwHGtb38HiklYOKlMh-FxDzkAY-Xifegz63b6aVTRYRDzS1qC7uShIvcF84iJIeAixyoQGc_JIuFI2Vxmw_QC7NYiZ',
    state: {
      scenario: 'apiVersion: podplay/v1alpha1\nkind: Scenario\nspec:\n  kubernetesVersion: "1.36"\n---\napiVersion: v1\nkind: Node\nmetadata: {name: node-1}\nstatus: {allocatable: {cpu: "2", memory: 4Gi}}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: web, namespace: default}\nspec: {containers: [{name: c, image: nginx}]}\n',
      seed: 2, cycle: 1, phase: 'filter', pod: 'default/web',
    },
  },
  {
    name: 'format 4, the Compare view previewing the upgrade from v1.35 to v1.37',
    link: '#p4.eJxNjrFqAzEQRH9FbK1LuMQhsD-QLo0h1TZraUOEpZWQdAdG6N-DHWPSTTHz3gzYAQ8WmhPlGjIgcAlfUlvIiqZkXyJfnveVY_nhlfQc1KM53uukrYhDUmPO20mqSpf2WBOsT69vBKTLspD-B-8P1Gf2Qpqks-fOaIZyEjSavSzrJG2d-9bQDI4xO-58ioJmuLJdBS8E1iRJuV7QHD7CnKRgoYl4wNWCy6lwlbu3AQ74rjkB3q6BhZ7_8jvM-QuFU1s1',
    state: {
      scenario: 'apiVersion: podplay/v1alpha1\nkind: Scenario\nspec:\n  kubernetesVersion: "1.35"\n---\napiVersion: v1\nkind: Node\nmetadata: {name: node-1}\nstatus: {allocatable: {cpu: "2", memory: 4Gi}}\n',
      seed: 1,
      compareVersions: { from: '1.35', to: '1.37' },
    },
  },
];

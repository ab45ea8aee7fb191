// Placement checks of a scheduler_perf workload, so a fast wrong answer cannot pass: every
// measured pod bound, no node over its allocatable, and each workload's own rule (maxSkew held
// for DoNotSchedule spreading, one anti-affinity pod per node, affinity pods in a zone that
// holds another, the victims each PodGroup disruptionMode allows, DRA claims allocated to devices
// on the pod's node and no device held twice, no node over its CSI attach limit).

import type { PodOutcome } from '../../src/engine/index';
import { allocatedClaimDevice, churnNodeName, DRA_DRIVER, MEASURED_AT, measuredPerDeletion, NAMED_NODE, nodeName, podName, type Workload } from './workloads';

/** node-default's allocatable: 4 CPU (millicores), 32Gi, 110 pods */
const ALLOCATABLE = { cpu: 4000, memory: 32 * 1024 ** 3, pods: 110 };

/** The problems found (empty when every check holds). */
export function checkPlacements(w: Workload, pods: readonly PodOutcome[]): string[] {
  const problems: string[] = [];
  const byKey = new Map(pods.map((p) => [p.pod, p]));
  const measured = Array.from({ length: w.measured.count }, (_, i) => byKey.get(`${w.measured.namespace}/${podName(w.measured.template, i)}`));
  // a steady-state round's pods are deleted once bound: bound is what counts there
  const steady = w.dra?.steadyStateBatch;
  const unbound = measured.filter((p) => !p || (!steady && p.phase !== 'Running') || !p.node).length;
  if (unbound) problems.push(`${unbound} of ${measured.length} measured pods not bound`);

  const used = new Map<string, { cpu: number; memory: number; pods: number }>();
  for (const p of pods) {
    if (p.phase !== 'Running' || !p.node || p.deletedAt !== undefined) continue;
    const u = used.get(p.node) ?? { cpu: 0, memory: 0, pods: 0 };
    u.cpu += p.requests?.cpu ?? 0;
    u.memory += p.requests?.memory ?? 0;
    u.pods++;
    used.set(p.node, u);
  }
  const podsAllocatable = w.nodePods ?? ALLOCATABLE.pods;
  // node-with-name.yaml's node holds 90,000 pods
  const over = [...used].filter(([node, u]) => u.cpu > ALLOCATABLE.cpu || u.memory > ALLOCATABLE.memory || u.pods > (node === NAMED_NODE ? 90000 : podsAllocatable));
  if (over.length) problems.push(`${over.length} node(s) over allocatable, e.g. ${over[0]![0]}`);

  const zoneOf = (node: string) => (w.zones ? w.zones[Number(node.slice(nodeName(0).length - 1)) % w.zones.length] : undefined);
  const bound = measured.filter((p): p is PodOutcome & { node: string } => p?.node !== undefined);
  if (w.name === 'TopologySpreading') {
    const perZone = new Map(w.zones!.map((z) => [z, 0]));
    for (const p of bound) perZone.set(zoneOf(p.node)!, perZone.get(zoneOf(p.node)!)! + 1);
    const counts = [...perZone.values()];
    const skew = Math.max(...counts) - Math.min(...counts);
    if (skew > 5) problems.push(`zone skew ${skew} > maxSkew 5 (${counts.join('/')})`);
  }
  if (!w.name.includes('Preferred')) {
    // a pod of a required anti-affinity template (anti-affinity-pod-*, color green) shares its
    // node with no other green pod: not another such pod, nor one that only matches its term
    // (SchedulingPodMatchingAntiAffinity's measured pods)
    const green = pods.filter((p) => p.labels?.color === 'green' && p.node && p.phase === 'Running');
    const greenOn = new Map<string, number>();
    for (const p of green) greenOn.set(p.node!, (greenOn.get(p.node!) ?? 0) + 1);
    const crowded = new Set(green.filter((p) => p.pod.split('/')[1]!.startsWith('anti-affinity-pod') && greenOn.get(p.node!)! > 1).map((p) => p.node)).size;
    if (crowded) problems.push(`${crowded} node(s) hold a required anti-affinity pod and another pod its term selects`);
  }
  if (w.taintedNodes) {
    // maxSkew 1 by hostname over the untainted nodes alone (nodeTaintsPolicy Honor); none on a tainted node
    const untainted = w.nodes - w.taintedNodes;
    const perNode = new Array<number>(w.nodes).fill(0);
    for (const p of bound) perNode[Number(p.node.slice(nodeName(0).length - 1))]!++;
    const onTainted = perNode.slice(untainted).reduce((a, b) => a + b, 0);
    const counts = perNode.slice(0, untainted);
    const skew = Math.max(...counts) - Math.min(...counts);
    if (onTainted) problems.push(`${onTainted} pod(s) on a tainted node`);
    if (skew > 1) problems.push(`skew ${skew} over the untainted nodes > maxSkew 1`);
  }
  if (w.churn?.cpu === '9') {
    // Unschedulable: the 9-CPU pods fit no 4-CPU node and preempting cannot help: none may run
    const placed = pods.filter((p) => p.pod.startsWith(`default/${w.churn!.prefix}-`) && p.node).length;
    if (placed) problems.push(`${placed} unschedulable churn pod(s) placed`);
  }
  if (w.persistentVolumes) {
    // each pod runs with its own bound claim; CSI: no node attaches more than its 39 volumes
    const withoutClaim = bound.filter((p) => p.volumes?.[0]?.claimName === undefined).length;
    if (withoutClaim) problems.push(`${withoutClaim} measured pod(s) without their claim`);
    const attached = new Map<string, number>();
    for (const p of pods) if (p.node && p.phase === 'Running' && p.volumes?.length) attached.set(p.node, (attached.get(p.node) ?? 0) + p.volumes.length);
    const overLimit = w.persistentVolumes === 'csi' ? [...attached.values()].filter((n) => n > 39).length : 0;
    if (overLimit) problems.push(`${overLimit} node(s) attach more than 39 CSI volumes`);
  }
  if (w.nodeExtendedResource) {
    // pod i requests the resource node i alone has
    const elsewhere = measured.filter((p, i) => p?.node !== undefined && p.node !== nodeName(i)).length;
    if (elsewhere) problems.push(`${elsewhere} extended-resource pod(s) on a node without their resource`);
  }
  if (w.gated) {
    const gated = Array.from({ length: w.gated.count }, (_, i) => byKey.get(`${w.gated!.namespace}/${podName(w.gated!.template, i, 'init')}`));
    const notGated = gated.filter((p) => !p || p.phase !== 'Pending' || p.node || p.reason !== 'SchedulingGated').length;
    if (notGated) problems.push(`${notGated} of ${gated.length} gated pods not held at their gate`);
  }
  if (w.deleteInitPerSecond) {
    // the init pods deleted while the measured pods were created are gone; the rest still run
    const deleted = Math.min(w.init.count, Math.ceil(w.measured.count / measuredPerDeletion(w)));
    const init = Array.from({ length: w.init.count }, (_, i) => byKey.get(`${w.init.namespace}/${podName(w.init.template, i, 'init')}`));
    const wrong = init.filter((p, i) => (i < deleted ? p?.deletedAt === undefined : !p || p.phase !== 'Running' || p.deletedAt !== undefined)).length;
    if (wrong) problems.push(`${wrong} of ${init.length} init pods not deleted (the first ${deleted}) or not running (the rest)`);
  }
  if (w.init.template.podsPerGroup && w.name.startsWith('PreemptionPodGroup')) {
    // each preemptor needs its node's 10 victims (300m each); disruptionMode all takes whole
    // gangs (members on other nodes too), single and bare pods only the node's own
    const perGroup = w.init.template.podsPerGroup;
    const init = Array.from({ length: w.init.count }, (_, i) => byKey.get(`${w.init.namespace}/${podName(w.init.template, i, 'init')}`));
    const gone = init.filter((p) => p?.deletedAt !== undefined).length;
    if (w.podGroups?.disruptionMode === 'all') {
      const partial = Array.from({ length: Math.ceil(w.init.count / perGroup) }, (_, g) => init.slice(g * perGroup, (g + 1) * perGroup))
        .filter((members) => { const n = members.filter((p) => p?.deletedAt !== undefined).length; return n > 0 && n < members.length; }).length;
      if (partial) problems.push(`${partial} gang(s) partly preempted under disruptionMode all`);
      if (gone < 10 * w.measured.count) problems.push(`${gone} victims, fewer than the ${10 * w.measured.count} the preemptors need`);
    } else if (gone !== 10 * w.measured.count) {
      problems.push(`${gone} victims, not 10 per preemptor (${10 * w.measured.count})`);
    }
  }
  if (w.dra) problems.push(...checkClaims(w, pods, measured));
  if (w.name === 'SchedulingPodAffinity' && bound.some((p) => zoneOf(p.node) !== 'zone1')) problems.push('an affinity pod outside zone1');
  problems.push(...checkRound4(w, pods, bound));
  return problems;
}

/**
 * DRA: each bound pod's claim holds its devices (one, or five for `match`) on the pod's own node
 * (the driver's pool is the node), and no device is held twice at once: not by two pods that
 * run together (a steady-state round, or every pod when nothing is deleted), nor by a pod and a
 * pre-allocated claim.
 */
function checkClaims(w: Workload, pods: readonly PodOutcome[], measured: readonly (PodOutcome | undefined)[]): string[] {
  const dra = w.dra!;
  const problems: string[] = [];
  const perPod = dra.template === 'match' ? 5 : 1;
  const preAllocated = Array.from({ length: dra.allocatedClaims ?? 0 }, (_, j) => {
    const at = allocatedClaimDevice(w, j);
    return `${DRA_DRIVER}/${at.node}/${at.device}`;
  });
  const devicesOf = (p: PodOutcome) => p.resourceClaims?.flatMap((c) => c.devices?.map((d) => d.id) ?? []) ?? [];
  let misplaced = 0;
  for (const p of pods) {
    if (!p.node || !p.resourceClaims) continue;
    const ids = devicesOf(p);
    if (ids.length !== perPod || ids.some((id) => id.split('/')[1] !== p.node)) misplaced++;
  }
  if (misplaced) problems.push(`${misplaced} pod(s) without their ${perPod} device(s) on their own node`);
  const together: PodOutcome[][] = dra.steadyStateBatch
    ? Array.from({ length: Math.ceil(measured.length / dra.steadyStateBatch) }, (_, k) =>
      measured.slice(k * dra.steadyStateBatch!, (k + 1) * dra.steadyStateBatch!).filter((p): p is PodOutcome => p?.node !== undefined))
    : [pods.filter((p) => p.node && p.deletedAt === undefined)];
  let twice = 0;
  for (const group of together) {
    const ids = [...preAllocated, ...group.flatMap(devicesOf)];
    twice += ids.length - new Set(ids).size;
  }
  if (twice) problems.push(`${twice} device(s) held twice at once`);
  return problems;
}

/** Checks for the tests: the measured pods' apply step is after every init pod's cycle. */
export { MEASURED_AT };

/**
 * Round 4 of issue 24: SchedulingDaemonset's pods all on the node their affinity names;
 * SchedulingWithMixedChurn's 9-CPU churn pods never placed and nothing on a churned node (its
 * capacity is 0 pods); the extended-resource scoring pods each with the scheduler's claim for
 * example.com/gpu (checkClaims then checks its device's node, and that no device is held twice).
 */
function checkRound4(w: Workload, pods: readonly PodOutcome[], bound: readonly (PodOutcome & { node: string })[]): string[] {
  const problems: string[] = [];
  if (w.namedNode) {
    const elsewhere = bound.filter((p) => p.node !== NAMED_NODE).length;
    if (elsewhere) problems.push(`${elsewhere} daemon pod(s) not on ${NAMED_NODE}`);
  }
  if (w.recreateChurn) {
    const placed = pods.filter((p) => p.pod.startsWith('default/pod-h-') && p.node).length;
    if (placed) problems.push(`${placed} unschedulable churn pod(s) placed`);
    const onChurned = pods.filter((p) => p.node?.startsWith(churnNodeName(0).replace(/0$/, ''))).length;
    if (onChurned) problems.push(`${onChurned} pod(s) on a churned node (capacity 0 pods)`);
  }
  if (w.extendedResourceClasses) {
    const withoutClaim = bound.filter((p) => !p.resourceClaims?.some((c) => c.extendedResources?.length)).length;
    if (withoutClaim) problems.push(`${withoutClaim} measured pod(s) bound without a claim for their extended resource`);
  }
  return problems;
}

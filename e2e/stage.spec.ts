// The concept drawn on the stage: each drawing's numbers against the engine's own trace for the
// same text (never hard-coded), at the step where the drawing belongs.
import { expect, test, type Page } from '@playwright/test';
import type { CycleTrace } from '../src/engine/api';
import type { ConstraintVerdict } from '../src/engine/plugins/PodTopologySpread';
import { lessonById } from '../src/lessons/index';
import { engineResult, openScenario, scenarioFile, stepTo, useSharedPage } from './helpers';

// each test opens its own scenario on the one page (a fresh page each cost more than the checks)
const sharedPage = useSharedPage();

/** PodTopologySpread's numbers for one constraint, as the engine recorded them on a node's Filter verdict. */
function spreadVerdict(trace: CycleTrace, node: string, topologyKey: string): ConstraintVerdict {
  const details = trace.filter[node]!.find((r) => r.plugin === 'PodTopologySpread')!.details!;
  return (details.constraints as ConstraintVerdict[]).find((c) => c.topologyKey === topologyKey)!;
}

async function open(page: Page, file: string) {
  const text = scenarioFile(file);
  await openScenario(page, file, text);
  return engineResult(text, file);
}

test('zone-spread.yaml: each zone lane shows its matching pods and skew, the violating zone marked', async () => {
  const page = sharedPage();
  const result = await open(page, 'zone-spread.yaml');
  const trace = result.cycles[0]!;
  await stepTo(page, 1, 'Filter');
  for (const node of trace.nodesEvaluated) {
    const v = spreadVerdict(trace, node, 'zone');
    const lane = page.locator(`[data-testid="zone"][data-zone="${v.domain}"]`);
    await expect(lane).toHaveAttribute('data-matching', String(v.matchNum));
    await expect(lane).toHaveAttribute('data-violating', String(v.result === 'SkewTooHigh'));
    const drawing = lane.getByTestId('lane-spread');
    await expect(drawing).toHaveAttribute('data-skew', String(v.skew));
    await expect(drawing).toContainText(`${v.matchNum} matching`);
    await expect(drawing).toContainText(`skew ${v.skew} ${v.result === 'SkewTooHigh' ? '>' : '≤'} ${v.maxSkew}`);
    await expect(page.getByTestId('spread-summary')).toHaveAttribute('data-min', String(v.minMatch));
  }
  // once bound, the pod counts in its zone
  await stepTo(page, 1, 'Bind');
  const chosen = spreadVerdict(trace, trace.selected!, 'zone');
  await expect(page.locator(`[data-testid="zone"][data-zone="${chosen.domain}"]`)).toHaveAttribute('data-matching', String(chosen.matchNum + chosen.selfMatch));
});

test('two-constraints.yaml: the zone constraint on the lanes, the node constraint on each node', async () => {
  const page = sharedPage();
  const result = await open(page, 'two-constraints.yaml');
  const trace = result.cycles[0]!;
  await stepTo(page, 1, 'Filter');
  for (const node of trace.nodesEvaluated) {
    const zone = spreadVerdict(trace, node, 'zone');
    await expect(page.locator(`[data-testid="zone"][data-zone="${zone.domain}"]`)).toHaveAttribute('data-matching', String(zone.matchNum));
    const perNode = spreadVerdict(trace, node, 'node');
    const drawing = page.locator(`[data-testid="node-card"][data-node="${node}"] [data-testid="node-spread"][data-topology-key="node"]`);
    await expect(drawing).toHaveAttribute('data-count', String(perNode.matchNum));
    await expect(drawing).toHaveAttribute('data-violating', String(perNode.result === 'SkewTooHigh'));
  }
});

test('pods are coloured by their workload, with a legend', async () => {
  const page = sharedPage();
  const result = await open(page, 'web-store.yaml');
  const owners = [...new Set(result.pods.flatMap((p) => (p.owner === undefined ? [] : [p.owner])))];
  expect(owners.length).toBeGreaterThan(1);
  const legend = page.getByTestId('pod-legend').locator('li[data-group]');
  await expect(legend).toHaveCount(Math.min(owners.length, 8));
  const colours = new Map<string, string>();
  for (let i = 0; i < (await legend.count()); i++) {
    colours.set((await legend.nth(i).getAttribute('data-group'))!, (await legend.nth(i).getAttribute('data-colour'))!);
  }
  expect(new Set(colours.values()).size).toBe(colours.size);
  // every chip on screen wears its owner's colour
  const chips = page.getByTestId('pod-chip');
  for (let i = 0; i < (await chips.count()); i++) {
    const key = (await chips.nth(i).getAttribute('data-pod'))!;
    const owner = result.pods.find((p) => p.pod === key)!.owner;
    if (owner === undefined || !colours.has(owner)) continue;
    const background = await chips.nth(i).evaluate((el) => getComputedStyle(el).backgroundColor);
    const hex = colours.get(owner)!;
    const rgb = `rgb(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)})`;
    expect(background, key).toBe(rgb);
  }
});

test('taints.yaml: at Filter each hard taint sits beside the toleration that tolerates it, the deciding one highlighted', async () => {
  const page = sharedPage();
  const result = await open(page, 'taints.yaml');
  const trace = result.cycles[0]!;
  await stepTo(page, 1, 'Filter');
  let checked = 0;
  for (const node of trace.nodesEvaluated) {
    const taintResult = trace.filter[node]!.find((r) => r.plugin === 'TaintToleration')!;
    const verdicts = (taintResult.details?.taints ?? []) as { taint: { key: string; value: string; effect: string }; toleration?: object }[];
    const marks = page.locator(`[data-testid="node-card"][data-node="${node}"] [data-testid="taint-mark"]`);
    await expect(marks).toHaveCount(verdicts.length);
    for (const [i, v] of verdicts.entries()) {
      const mark = marks.nth(i);
      await expect(mark).toHaveAttribute('data-taint', `${v.taint.key}${v.taint.value ? `=${v.taint.value}` : ''}:${v.taint.effect}`);
      await expect(mark).toHaveAttribute('data-tolerated', String(v.toleration !== undefined));
      const deciding = taintResult.code !== 'Success' && v.toleration === undefined
        && JSON.stringify(v.taint) === JSON.stringify(taintResult.details!.taint);
      await expect(mark).toHaveAttribute('data-decides', String(deciding));
      if (deciding) await expect(mark).toHaveClass(/decides/);
      checked++;
    }
  }
  expect(checked, 'the scenario has tainted nodes').toBeGreaterThan(0);
});

test('web-store.yaml: lines from the pod to the pods its anti-affinity matches, per domain', async () => {
  const page = sharedPage();
  const result = await open(page, 'web-store.yaml');
  type Matched = { topologyKey: string; topologyValue: string; pods: string[] };
  const withRelations = result.cycles.find((c) => {
    const pods = c.preFilter.find((r) => r.plugin === 'InterPodAffinity')?.details?.pods as Record<string, Matched[]> | undefined;
    return pods !== undefined && Object.values(pods).some((list) => list.length > 0);
  });
  expect(withRelations, 'a cycle where InterPodAffinity matched pods').toBeDefined();
  await page.getByTestId('cycle-input').fill(String(withRelations!.cycle));
  await stepTo(page, withRelations!.cycle, 'Filter');
  const pods = withRelations!.preFilter.find((r) => r.plugin === 'InterPodAffinity')!.details!.pods as Record<string, Matched[]>;
  let expected = 0;
  for (const [kind, list] of Object.entries(pods)) {
    for (const m of list) {
      for (const pod of m.pods) {
        expected++;
        const line = page.locator(`[data-testid="affinity-line"][data-kind="${kind}"][data-pod="${pod}"]`);
        await expect(line).toHaveAttribute('data-topology-value', m.topologyValue);
        // the domain is marked: the node itself for a hostname term
        if (m.topologyKey === 'kubernetes.io/hostname') {
          await expect(page.locator(`[data-testid="node-card"][data-node="${m.topologyValue}"] [data-testid="domain-tag"][data-kind="${kind}"]`)).toBeVisible();
        }
      }
    }
  }
  await expect(page.getByTestId('affinity-line')).toHaveCount(expected);
  await expect(page.getByTestId('affinity-legend')).toBeVisible();
});

test('zone-spread.yaml: at Score the nodes are ranked by total, the separating plugin called out', async () => {
  const page = sharedPage();
  const result = await open(page, 'zone-spread.yaml');
  const trace = result.cycles[0]!;
  await stepTo(page, 1, 'Score');
  const scores = Object.entries(trace.score!).sort(([, a], [, b]) => b.total - a.total);
  for (const [node, s] of scores) {
    const bar = page.locator(`[data-testid="score-bar"][data-node="${node}"]`);
    await expect(bar).toHaveAttribute('data-total', String(s.total));
    await expect(bar).toHaveAttribute('data-rank', String(1 + scores.filter(([, o]) => o.total > s.total).length));
  }
  // each lane lists its scored nodes by rank, the filtered ones after
  const ranked = scores.map(([node]) => node);
  for (const lane of await page.getByTestId('zone').all()) {
    const names = await lane.getByTestId('node-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-node')!));
    const scoredHere = names.filter((n) => ranked.includes(n));
    expect(scoredHere).toEqual(ranked.filter((n) => scoredHere.includes(n)));
    expect(names.slice(0, scoredHere.length)).toEqual(scoredHere);
  }
  // the plugin whose weighted score differs most between the first two nodes, as the trace says
  const [[, first], [, second]] = scores as [[string, typeof scores[0][1]], [string, typeof scores[0][1]]];
  const leads = Object.keys(first.plugins).map((p) => [p, first.plugins[p]!.weighted - (second.plugins[p]?.weighted ?? 0)] as const).sort((a, b) => b[1] - a[1]);
  await expect(page.locator('[data-testid="score-legend"] li[data-separating]')).toHaveAttribute('data-plugin', leads[0]![0]);
  const same = Object.keys(first.plugins).filter((p) => scores.every(([, s]) => s.plugins[p]!.weighted === first.plugins[p]!.weighted));
  await expect(page.getByTestId('score-uniform')).toHaveAttribute('data-plugins', same.join(' '));
  for (const p of Object.keys(first.plugins).filter((q) => !same.includes(q))) {
    await expect(page.locator(`[data-testid="score-legend"] li[data-plugin="${p}"]`)).toBeVisible();
    // and on each scored node, that plugin's own score (before its weight), as a lesson quotes it
    for (const [node, s] of scores) {
      // (and where NormalizeScore rescaled it, its score before: PodTopologySpread's weighted counts)
      const { raw, normalized } = s.plugins[p]!;
      await expect(page.locator(`[data-testid="score-bar"][data-node="${node}"] .score-part[data-plugin="${p}"]`)).toHaveText(`${p} ${raw !== normalized ? `${raw}→` : ''}${normalized}`);
    }
  }
  // the plugins equal on every node add nothing to read
  for (const p of same) await expect(page.locator(`.score-part[data-plugin="${p}"]`)).toHaveCount(0);
});

test('priority-preemption.yaml: the nominated node is marked until the preemptor binds there', async () => {
  const page = sharedPage();
  const result = await open(page, 'priority-preemption.yaml');
  const preempting = result.cycles.find((c) => c.postFilter?.chosen !== undefined)!;
  const chosen = preempting.postFilter!.chosen!;
  await page.getByTestId('cycle-input').fill(String(preempting.cycle));
  await stepTo(page, preempting.cycle, 'PostFilter');
  await expect(page.locator(`[data-testid="node-card"][data-node="${chosen.node}"] [data-testid="nominated-flag"]`)).toBeVisible();
  for (const victim of chosen.victims) await expect(page.locator(`[data-testid="pod-chip"][data-pod="${victim}"]`)).toHaveClass(/leaving/);
  const bound = result.cycles.find((c) => c.cycle > preempting.cycle && c.pod === preempting.pod && c.result === 'Scheduled')!;
  await stepTo(page, bound.cycle, 'PreFilter');
  await expect(page.locator(`[data-testid="node-card"][data-node="${chosen.node}"] [data-testid="nominated-flag"]`)).toBeVisible();
  await stepTo(page, bound.cycle, 'Bind');
  await expect(page.getByTestId('nominated-flag')).toHaveCount(0);
});

test('a node the timeline adds is a "joins at" ghost until it joins (minDomains lesson)', async () => {
  const page = sharedPage();
  const lesson = lessonById('spread-min-domains')!;
  await openScenario(page, 'min-domains.yaml', lesson.scenario);
  const result = engineResult(lesson.scenario, 'min-domains.yaml');
  const joining = result.nodes.filter((n) => n.createdAt !== undefined);
  expect(joining.length).toBeGreaterThan(0);
  await stepTo(page, 1, 'Filter');
  for (const n of joining) {
    await expect(page.locator(`[data-testid="node-card"][data-node="${n.name}"]`)).toHaveCount(0);
    await expect(page.locator(`[data-testid="node-ghost"][data-node="${n.name}"]`)).toContainText(`joins at ${n.createdAt} s`);
  }
  const later = result.cycles.find((c) => joining.every((n) => c.time >= n.createdAt!))!;
  await page.getByTestId('cycle-input').fill(String(later.cycle));
  await stepTo(page, later.cycle, 'Filter');
  for (const n of joining) {
    await expect(page.locator(`[data-testid="node-card"][data-node="${n.name}"]`)).toHaveCount(1);
    await expect(page.locator(`[data-testid="node-ghost"][data-node="${n.name}"]`)).toHaveCount(0);
  }
});

// the spread's numbers at 24 px; a taint's long key=value:effect at 20 px beside the 24 px reason
// it explains; the legends (keys to the drawing) at 18 px, so the cards keep the room
test('presenter mode: the drawings\' words are large', async () => {
  const page = sharedPage();
  await open(page, 'taints.yaml');
  await stepTo(page, 1, 'Filter');
  await page.locator('body').press('f');
  const size = (selector: string) => page.locator(selector).evaluateAll((els) => els.map((el) => Number.parseFloat(getComputedStyle(el).fontSize)));
  const taints = await size('[data-testid="taint-mark"]');
  expect(taints.length).toBeGreaterThan(0);
  for (const s of taints) expect(s).toBeGreaterThanOrEqual(20);
  for (const s of await size('[data-testid="lane-spread"]')) expect(s).toBeGreaterThanOrEqual(24);
});

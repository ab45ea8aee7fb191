// The concept drawn on the stage: each drawing's numbers against the engine's own trace for the
// same text (never hard-coded), at the step where the drawing belongs.
import { expect, test, type Page } from '@playwright/test';
import type { CycleTrace } from '../src/engine/api';
import type { ConstraintVerdict } from '../src/engine/plugins/PodTopologySpread';
import { engineResult, freshPage, openScenario, scenarioFile, stepTo } from './helpers';

/** PodTopologySpread's numbers for one constraint, as the engine recorded them on a node's Filter verdict. */
function spreadVerdict(trace: CycleTrace, node: string, topologyKey: string): ConstraintVerdict {
  const details = trace.filter[node]!.find((r) => r.plugin === 'PodTopologySpread')!.details!;
  return (details.constraints as ConstraintVerdict[]).find((c) => c.topologyKey === topologyKey)!;
}

async function open(page: Page, file: string) {
  await freshPage(page);
  const text = scenarioFile(file);
  await openScenario(page, file, text);
  return engineResult(text, file);
}

test('zone-spread.yaml: each zone lane shows its matching pods and skew, the violating zone marked', async ({ page }) => {
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

test('two-constraints.yaml: the zone constraint on the lanes, the node constraint on each node', async ({ page }) => {
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

test('pods are coloured by their workload, with a legend', async ({ page }) => {
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

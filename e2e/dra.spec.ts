// DRA on the stage and in the Pod tab: devices drawn on node cards (allocated, picked, free), the
// DynamicResources verdict in words, and the pod's claims with their devices.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { editorReady, engineResult, goToLine, lineOf, openScenario, replaceLine, squiggleOnLine, stepTo, useSharedPage } from './helpers';

// each test opens its own scenario on the one page (a fresh page each cost more than the checks)
const sharedPage = useSharedPage();

const scenario = (name: string) => readFileSync(fileURLToPath(new URL(`../scenarios/${name}`, import.meta.url)), 'utf8');

test('a two-GPU claim with matchAttribute: devices on the cards, the verdict, the claim in the Pod tab', async () => {
  const page = sharedPage();
  await openScenario(page, 'dra-gpu-pool.yaml', scenario('dra-gpu-pool.yaml'));
  await stepTo(page, 1, 'Filter');
  const card = (node: string) => page.locator(`[data-testid="node-card"][data-node="${node}"]`);
  // the allocator's pick for trainer-1 on gpu-node-2: gpu-0 and gpu-1 (one PCIe root)
  await expect(card('gpu-node-2').locator('[data-testid="device"][data-state="picked"]')).toHaveCount(2);
  await expect(card('gpu-node-2').locator('[data-device="gpu.example.com/gpu-node-2/gpu-2"]')).toHaveAttribute('data-state', 'free');
  // grouped by the attribute the claim's matchAttribute reads, as the ResourceSlices set it (lines 83, 89, 95)
  const onRoot = (root: string) => card('gpu-node-2').locator(`[data-testid="device-group"][data-attributes="pcieRoot=${root}"] [data-testid="device"]`);
  await expect(onRoot('pci-0')).toHaveCount(2);
  await expect(onRoot('pci-1')).toHaveAttribute('data-device', 'gpu.example.com/gpu-node-2/gpu-2');
  const reason = page.locator('[data-testid="filter-reason"][data-node="gpu-node-1"]');
  await expect(reason).toHaveAttribute('data-plugin', 'DynamicResources');
  await expect(reason).toContainText('cannot allocate all claims');
  await expect(reason).toContainText("no combination keeps the claim's constraints");
  await expect(page.locator('[data-testid="filter-reason"][data-node="cpu-node"]')).toContainText('0 matching here');
  if (process.env.PODPLAY_SCREENSHOTS) {
    for (const [width, height] of [[1280, 720], [1366, 768]] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${process.env.PODPLAY_SCREENSHOTS}/dra-filter-${width}.png` });
    }
  }
  // trainer-2's cycle: gpu-0 and gpu-1 are trainer-1's now
  await stepTo(page, 2, 'Filter');
  await expect(card('gpu-node-2').locator('[data-testid="device"][data-state="held"]')).toHaveCount(2);
  await expect(card('gpu-node-2').getByTestId('node-devices')).toContainText('devices 2/3');
  await expect(page.locator('[data-testid="filter-reason"][data-node="gpu-node-2"]')).toContainText('2 already allocated');
  await page.locator('[data-testid="pod-chip"][data-pod="default/trainer-1"]').first().click();
  await page.getByTestId('tab-pod').click();
  const claims = page.getByTestId('pod-claims');
  await expect(claims).toContainText(/ResourceClaim: trainer-1-gpus-[a-z0-9]{5} \(from ResourceClaimTemplate two-gpus\)/);
  await expect(claims.getByTestId('claim-devices')).toContainText('gpu-node-2/gpu-0 (request gpus), gpu-node-2/gpu-1 (request gpus)');
  if (process.env.PODPLAY_SCREENSHOTS) {
    for (const [width, height] of [[1280, 720], [1366, 768]] as const) {
      await page.setViewportSize({ width, height });
      await claims.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${process.env.PODPLAY_SCREENSHOTS}/dra-pod-${width}.png` });
    }
  }
});

test('a device selector that does not compile is marked at its line in the editor', async () => {
  const page = sharedPage();
  const text = scenario('dra-prioritized-list.yaml');
  await openScenario(page, 'dra-prioritized-list.yaml', text);
  await editorReady(page);
  const line = lineOf(text, 'compareTo(quantity("80Gi"))');
  await goToLine(page, line);
  expect(await squiggleOnLine(page, line, 'any')).toBe(false);
  await replaceLine(page, line, "                - cel: {expression: 'device.capacity[\"gpu.example.com\"].memory >'}");
  await expect.poll(() => squiggleOnLine(page, line, 'error'), { timeout: 15_000 }).toBe(true);
  await expect(page.locator(`[data-testid="editor-error"][data-line="${line}"]`)).toContainText('compilation failed');
});

test('extended resources backed by DRA: Fit leaves example.com/gpu to DynamicResources; the scheduler\'s claim in the Pod tab', async () => {
  const page = sharedPage();
  await openScenario(page, 'dra-extended-resource.yaml', scenario('dra-extended-resource.yaml'));
  // train-3's cycle: gpu-node-dp's GPU is train-1's, gpu-0 on gpu-node-dra is train-2's
  await stepTo(page, 3, 'Filter');
  await expect(page.locator('[data-testid="filter-reason"][data-node="gpu-node-dp"]')).toContainText('Insufficient example.com/gpu');
  await expect(page.locator('[data-testid="filter-reason"][data-node="cpu-node"]')).toHaveAttribute('data-plugin', 'DynamicResources');
  await page.locator('[data-testid="pod-chip"][data-pod="default/train-2"]').first().click();
  await page.getByTestId('tab-pod').click();
  const claims = page.getByTestId('pod-claims');
  await expect(claims).toContainText(/ResourceClaim: train-2-extended-resources-[a-z0-9]{5} \(made by the scheduler for example\.com\/gpu\)/);
  await expect(claims.getByTestId('claim-devices')).toContainText('gpu-node-dra/gpu-0 (request container-0-request-1)');
  if (process.env.PODPLAY_SCREENSHOTS) {
    for (const [width, height] of [[1280, 720], [1366, 768]] as const) {
      await page.setViewportSize({ width, height });
      await claims.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${process.env.PODPLAY_SCREENSHOTS}/dra-extended-${width}.png` });
    }
  }
});

test('binding conditions: a pod waiting in PreBind is reserved on its node, not bound', async () => {
  const page = sharedPage();
  await openScenario(page, 'dra-binding-conditions.yaml', scenario('dra-binding-conditions.yaml'));
  // job-b's cycle: job-a waits for FabricDeviceReady on node-1
  await stepTo(page, 2, 'Filter');
  await page.locator('[data-testid="pod-chip"][data-pod="default/job-a"]').first().click();
  await page.getByTestId('tab-pod').click();
  await expect(page.getByTestId('pod-inspector')).toContainText('<none> (reserved on node-1, waiting at PreBind (binding conditions))');
  if (process.env.PODPLAY_SCREENSHOTS) {
    for (const [width, height] of [[1280, 720], [1366, 768]] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${process.env.PODPLAY_SCREENSHOTS}/dra-binding-${width}.png` });
    }
  }
});

test('a partitioned GPU: the whole GPU matches but its counters are used up by the partitions', async () => {
  const page = sharedPage();
  await openScenario(page, 'dra-partitionable-gpu.yaml', scenario('dra-partitionable-gpu.yaml'));
  // train's cycle (the third): infer-1 and infer-2 hold the two 3g.20gb partitions
  await stepTo(page, 3, 'Filter');
  const card = page.locator('[data-testid="node-card"][data-node="gpu-node"]');
  await expect(card.locator('[data-testid="device"][data-state="held"]')).toHaveCount(2);
  // the whole GPU matches train's request; its counters are what the partitions took
  await expect(card.locator('[data-device="gpu.example.com/gpu-node/gpu-0"]')).toHaveAttribute('data-state', 'exhausted');
  await expect(card.locator('[data-device="gpu.example.com/gpu-node/gpu-0-1g-0"]')).toHaveAttribute('data-state', 'free');
  const reason = page.locator('[data-testid="filter-reason"][data-node="gpu-node"]');
  await expect(reason).toHaveAttribute('data-plugin', 'DynamicResources');
  await expect(reason).toContainText("1 matching here, 1 blocked: their pool's shared counters are used up");
  if (process.env.PODPLAY_SCREENSHOTS) {
    for (const [width, height] of [[1280, 720], [1366, 768]] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${process.env.PODPLAY_SCREENSHOTS}/dra-counters-${width}.png` });
    }
  }
});

test('device taint eviction: at the end of the run the event log lists the deletions the controller made, aged from the last of them', async () => {
  const page = sharedPage();
  const text = scenario('dra-device-taint-eviction.yaml');
  await openScenario(page, 'dra-device-taint-eviction.yaml', text);
  const result = engineResult(text, 'dra-device-taint-eviction.yaml');
  const evictions = result.events.filter((e) => e.reason === 'DeviceTaintManagerEviction');
  expect(evictions.length).toBe(2);
  const end = Math.max(...result.events.map((e) => e.time));
  // (an earlier test on this page left the Pod tab open)
  await page.getByTestId('tab-events').click();
  await page.getByTestId('narration').click();
  await page.keyboard.press('End');
  const rows = page.locator('[data-testid="event-row"][data-reason="DeviceTaintManagerEviction"]');
  await expect(rows).toHaveCount(evictions.length);
  for (const [i, e] of evictions.entries()) {
    await expect(rows.nth(i)).toHaveAttribute('data-object', e.object);
    await expect(rows.nth(i).locator('td').first()).toHaveText(`${end - e.time}s`);
    await expect(rows.nth(i)).toContainText(e.message);
  }
});

test('device taints on the stage: devices appear when their driver publishes them, and are crossed out with their taint while it applies', async () => {
  const page = sharedPage();
  const text = scenario('dra-device-taint-eviction.yaml');
  await openScenario(page, 'dra-device-taint-eviction.yaml', text);
  const result = engineResult(text, 'dra-device-taint-eviction.yaml');
  const card = (node: string) => page.locator(`[data-testid="node-card"][data-node="${node}"]`);
  for (const cycle of result.cycles) {
    await stepTo(page, cycle.cycle, 'Filter');
    for (const node of result.nodes) {
      const drawn = (node.devices ?? []).filter((d) => d.since === undefined || d.since <= cycle.time);
      const devices = card(node.name).locator('[data-testid="device"]');
      await expect(devices).toHaveCount(drawn.length);
      for (const d of drawn) {
        const active = (d.taints ?? []).filter((t) => t.from <= cycle.time && (t.until === undefined || cycle.time < t.until));
        const square = card(node.name).locator(`[data-device="${d.id}"]`);
        if (active.length === 0) await expect(square).not.toHaveAttribute('data-taints');
        else await expect(square).toHaveAttribute('data-taints', active.map((t) => `${t.key}=${t.value}:${t.effect}`).join(','));
      }
    }
  }
  // the rule's taint is written out on node-1 once it applies
  await expect(card('node-1').getByTestId('device-taint')).toHaveText('⚠ gpu.example.com/maintenance=firmware:NoExecute');
});

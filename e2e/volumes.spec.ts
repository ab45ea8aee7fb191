// A pod's volumes in the Pod tab: the claim, its state at the end of the run and where its volume
// can be reached; the VolumeBinding verdict on the node cards.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { openScenario, stepTo, useSharedPage } from './helpers';

// each test opens its own scenario on the one page (a fresh page each cost more than the checks)
const sharedPage = useSharedPage();

const scenario = (name: string) => readFileSync(fileURLToPath(new URL(`../scenarios/${name}`, import.meta.url)), 'utf8');

test('a pod whose bound volume lives in another zone: the Filter verdict names the PV node affinity, the Pod tab where the volume is', async () => {
  const page = sharedPage();
  await openScenario(page, 'volume-zone-conflict.yaml', scenario('volume-zone-conflict.yaml'));
  await stepTo(page, 1, 'Filter');
  const reason = page.locator('[data-testid="filter-reason"][data-node="node-b"]');
  await expect(reason).toHaveAttribute('data-plugin', 'VolumeBinding');
  await expect(reason).toContainText("node(s) didn't match PersistentVolume's node affinity");
  await page.getByTestId('tab-pod').click();
  const volumes = page.getByTestId('pod-volumes');
  await expect(volumes).toContainText('ClaimName: data');
  await expect(volumes.getByTestId('claim-status')).toContainText('Bound → pv-data');
  await expect(volumes.getByTestId('volume-reach')).toContainText('topology.kubernetes.io/zone in [zone-a]');
  if (process.env.PODPLAY_SCREENSHOTS) {
    for (const [width, height] of [[1280, 720], [1366, 768]] as const) {
      await page.setViewportSize({ width, height });
      await volumes.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${process.env.PODPLAY_SCREENSHOTS}/volumes-${width}.png` });
    }
  }
});

test('a WaitForFirstConsumer claim: the Pod tab shows the node the scheduler selected and the provisioned volume\'s zone', async () => {
  const page = sharedPage();
  await openScenario(page, 'volume-wait-for-first-consumer.yaml', scenario('volume-wait-for-first-consumer.yaml'));
  await page.getByTestId('tab-pod').click();
  const volumes = page.getByTestId('pod-volumes');
  await expect(volumes).toContainText('Selected node: node-b');
  await expect(volumes.getByTestId('volume-reach')).toContainText('topology.kubernetes.io/zone in [zone-b]');
});

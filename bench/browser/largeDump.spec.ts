// A 300-node, 5,000-pod kubectl dump (24 MB of YAML) imported, opened and simulated: the page keeps
// painting. Reading the dump happens in a worker and the engine in another, so the longest frame gap
// stays well under a second while importing and under 2.5 s while the 5 MB scenario is opened. A
// timing target, so it lives in `npm run bench:browser`; `e2e/interop.spec.ts` checks the same path
// works with a smaller dump in `npm test`.
import { expect, test } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { generateClusterDump } from '../../src/interop/testing/clusterDump';
import { editorReady, freshPage, importDumpFile, openImportedToEnd, pageText } from '../../e2e/helpers';

test('a 300-node, 5,000-pod dump loads and simulates while the page keeps responding', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const dump = generateClusterDump({ nodes: 300, pods: 5000, format: 'yaml' });
  // from a file on disk: handing Chromium a 24 MB buffer through the test protocol stalls the page itself
  const file = testInfo.outputPath('cluster.yaml');
  writeFileSync(file, dump.text);
  await freshPage(page);
  await editorReady(page);
  // the longest time the main thread went without painting a frame, since the last reset
  await page.evaluate(() => {
    const w = window as unknown as { worstFrameGap: number };
    w.worstFrameGap = 0;
    let last = performance.now();
    const tick = (now: number) => {
      w.worstFrameGap = Math.max(w.worstFrameGap, now - last);
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const worstGap = () => page.evaluate(() => {
    const w = window as unknown as { worstFrameGap: number };
    const worst = w.worstFrameGap;
    w.worstFrameGap = 0;
    return Math.round(worst);
  });

  // reading 24 MB happens in a worker: the page goes on painting (the same work on the main
  // thread takes seconds)
  await importDumpFile(page, file, dump.counts.nodes);
  const whileImporting = await worstGap();

  // opening it: the editor takes the 5 MB text, the engine worker simulates
  await openImportedToEnd(page, dump.counts.nodes);
  const whileOpening = await worstGap();
  console.log(`worst frame gap: ${whileImporting} ms while importing, ${whileOpening} ms while opening and simulating`);
  expect(whileImporting).toBeLessThan(800);
  expect(whileOpening).toBeLessThan(2500);

  // 5 MB is more than the editor takes without holding the page: it opens on request
  await expect(page.getByTestId('large-scenario')).toContainText('MB');
  await page.getByTestId('open-in-editor').click();
  await editorReady(page);
  await expect(page.locator('[data-testid="scenario-editor"] .view-lines')).toContainText('apiVersion');
  expect(await pageText(page)).toContain('kind: Node');
});


// Import and export in the browser: kubectl output and simulator exports come in through the
// import dialog (pasted, chosen or dropped) with a summary of what was kept and left out; a
// dump too large for the editor loads, simulates and opens on request; the scenario and
// the KWOK bundle download. Expectations come from src/interop and the engine run in this process
// on the same input, never hard-coded.
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importAny, scenarioFile as scenarioDownload } from '../src/interop';
import { generateClusterDump } from '../src/interop/testing/clusterDump';
import { editorReady, engineResult, freshPage, importDumpFile, openImportedToEnd, pageText } from './helpers';

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`../src/interop/fixtures/${name}`, import.meta.url)), 'utf8');

/** Runs to the end of the run and checks every pod the engine bound is drawn on its node. */
async function expectEngineOutcome(page: Page, text: string, fileName: string) {
  const result = engineResult(text, fileName);
  await expect(page.getByTestId('cycle-indicator')).toHaveAttribute('data-cycle', result.cycles.length > 0 ? /\d+/ : '0');
  await page.locator('body').press('End');
  for (const pod of result.pods.filter((p) => p.node !== undefined && p.deletedAt === undefined).slice(0, 40)) {
    await expect(page.locator(`[data-testid="pod-chip"][data-pod="${pod.pod}"]`)).toHaveAttribute('data-node', pod.node!);
  }
}

test('a kubectl List dump imports: a summary of what was kept and left out, bound pods stay bound', async ({ page }) => {
  const dump = fixture('kubectl-get-nodes-pods.yaml');
  const expected = importAny(dump, { source: 'pasted text' });
  expect(expected.format).toBe('kubectl');
  await freshPage(page);
  await page.getByTestId('import').click();
  // the suggested command names every kind the importer keeps (src/interop/kubectlCommand.ts)
  await expect(page.getByTestId('import-command')).toContainText('pv,pvc,storageclasses,csinodes,csidrivers,csistoragecapacities');
  await expect(page.getByTestId('import-command')).toContainText('deviceclasses,resourceslices,resourceclaims');
  await page.getByTestId('import-text').fill(dump);
  await page.getByTestId('import-run').click();
  const summary = page.getByTestId('import-summary');
  await expect(summary).toHaveAttribute('data-format', 'kubectl');
  const { stats } = expected;
  await expect(page.getByTestId('import-kept')).toContainText(`${stats.nodes} node`);
  await expect(page.getByTestId('import-kept')).toContainText(`${stats.pods.bound} bound, ${stats.pods.pending} pending`);
  const finished = stats.droppedPods.succeeded + stats.droppedPods.failed;
  if (finished > 0) await expect(page.getByTestId('import-dropped')).toContainText(`${finished} finished pod`);
  await expect(page.getByTestId('import-dropped')).toContainText('managedFields');

  await page.getByTestId('import-open').click();
  await expect(page.getByTestId('import-dialog')).toBeHidden();
  await expect(page.locator('.file-name')).toHaveText('imported.yaml');
  expect(await pageText(page)).toBe(expected.yaml);
  await expectEngineOutcome(page, expected.yaml, 'imported.yaml');
});

test('a kube-scheduler-simulator export dropped on the page imports', async ({ page }) => {
  const json = fixture('simulator-export.json');
  const expected = importAny(json, { source: 'simulator-export.json' });
  expect(expected.format).toBe('simulator-snapshot');
  await freshPage(page);
  const dataTransfer = await page.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'simulator-export.json', { type: 'application/json' }));
    return dt;
  }, json);
  await page.dispatchEvent('[data-testid="cluster-view"]', 'drop', { dataTransfer });
  await expect(page.getByTestId('import-summary')).toHaveAttribute('data-format', 'simulator-snapshot');
  await expect(page.getByTestId('import-kept')).toContainText(`${expected.stats.nodes} node`);
  await page.getByTestId('import-open').click();
  await expect(page.locator('.file-name')).toHaveText('simulator-export-imported.yaml');
  expect(await pageText(page)).toBe(expected.yaml);
  await expectEngineOutcome(page, expected.yaml, 'simulator-export-imported.yaml');
});

test('a dump too large for the editor (60 nodes, 1,200 pods) imports, simulates and opens in the editor on request', async ({ page }, testInfo) => {
  // reading 1.3 MB in a worker, then simulating 1,170 pods: over a minute when CI's four browsers
  // share two cores (the waits below allow two minutes each)
  test.setTimeout(240_000);
  const dump = generateClusterDump({ nodes: 60, pods: 1200, format: 'yaml' });
  // from a file on disk: handing Chromium megabytes through the test protocol stalls the page itself
  const file = testInfo.outputPath('cluster.yaml');
  writeFileSync(file, dump.text);
  await freshPage(page);
  await editorReady(page);
  // read in a worker (bench/browser/largeDump.spec.ts measures that the page goes on painting)
  await importDumpFile(page, file, dump.counts.nodes);

  // opening it: the scenario (over 1 MB) is simulated by the engine worker
  await openImportedToEnd(page, dump.counts.nodes);
  // more than the editor takes without holding the page (LARGE_EDITOR_CHARS): it opens on request
  await expect(page.getByTestId('large-scenario')).toContainText('MB');
  await page.getByTestId('open-in-editor').click();
  await editorReady(page);
  await expect(page.locator('[data-testid="scenario-editor"] .view-lines')).toContainText('apiVersion');
  expect(await pageText(page)).toContain('kind: Node');
});

test('the scenario and its KWOK bundle download', async ({ page }) => {
  await freshPage(page);
  const text = await pageText(page);

  await page.locator('.export-menu summary').click();
  const [yaml] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-yaml').click()]);
  const expected = scenarioDownload(text, { seed: engineResult(text, 'zone-spread.yaml').seed });
  expect(yaml.suggestedFilename()).toBe(expected.fileName);
  expect(readFileSync(await yaml.path(), 'utf8')).toBe(expected.content);

  await page.locator('.export-menu summary').click();
  const [zipped] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-kwok').click()]);
  expect(zipped.suggestedFilename()).toBe('zone-spread-kwok.zip');
  // read by another zip reader, Python's zipfile (python3 is on every machine the tests run on;
  // Info-ZIP's unzip is not on a bare Debian): the names, and testzip() checks every entry's CRC
  const script = 'import json,sys,zipfile\nz=zipfile.ZipFile(sys.argv[1])\nprint(json.dumps([z.namelist(), z.testzip()]))';
  const [names, bad] = JSON.parse(execFileSync('python3', ['-c', script, await zipped.path()], { encoding: 'utf8' })) as [string[], string | null];
  for (const file of ['README.md', 'kube-scheduler-config.yaml', '00-cluster.yaml']) expect(names).toContain(file);
  expect(bad).toBeNull();

  // the same bundle as one YAML file
  await page.locator('.export-menu summary').click();
  const [single] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-kwok-yaml').click()]);
  expect(single.suggestedFilename()).toBe('zone-spread-kwok.yaml');
  expect(readFileSync(await single.path(), 'utf8')).toContain('kwok.x-k8s.io/node');
});

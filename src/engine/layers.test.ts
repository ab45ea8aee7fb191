// The engine's front door and layer order (eslint.config.js, README: layout) hold because the lint
// rule fails on each way round them. Each row lints one import, as if written in the file named,
// with the project's own ESLint configuration.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The no-restricted-imports messages for one import line in `file`. */
async function restricted(file: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { thing } from '${specifier}';\nexport const used = thing;\n`, { filePath: file });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the app side reaches the engine through its entry modules', () => {
  it.each([
    { file: 'src/ui/viz/devices.ts', specifier: '../../engine/model/taints', refused: true },
    { file: 'src/ui/narration/explain.ts', specifier: '../../engine/plugins/NodeResourcesFit', refused: true },
    { file: 'src/store/store.ts', specifier: '../engine/simulation/simulation', refused: true },
    { file: 'src/worker/host.ts', specifier: '../engine/dra/allocator', refused: true },
    { file: 'src/cli/explain.ts', specifier: '../engine/diagnosis/diagnose', refused: true },
    { file: 'src/interop/kwokExport.ts', specifier: '../engine/model/validation', refused: true },
    { file: 'src/lessons/facts.ts', specifier: '../engine/whatIf/verify', refused: true },
    { file: 'src/permalink/codec.ts', specifier: '../engine/model/load', refused: true },
    { file: 'src/main.tsx', specifier: './engine/index', refused: false },
    { file: 'src/worker/host.ts', specifier: '../engine', refused: false },
    { file: 'src/ui/App.tsx', specifier: '../engine/api', refused: false },
    { file: 'src/ui/viz/devices.ts', specifier: '../../engine/readers', refused: false },
    { file: 'src/interop/fixSearch.ts', specifier: '../engine/experiments', refused: false },
  ])('$file imports $specifier: refused $refused', async ({ file, specifier, refused }) => {
    expect((await restricted(file, specifier)).length > 0).toBe(refused);
  });
});

describe('no import climbs the engine\'s layers', () => {
  it.each([
    { file: 'src/engine/model/load.ts', specifier: '../framework/status', refused: true },
    { file: 'src/engine/model/decode/resource.ts', specifier: '../../dra/allocator', refused: true },
    { file: 'src/engine/framework/runtime.ts', specifier: '../plugins/registry', refused: true },
    { file: 'src/engine/dra/allocator.ts', specifier: '../plugins/DynamicResources', refused: true },
    // issue 22: the cluster's controllers used the DynamicResources plugin's allocator
    { file: 'src/engine/controllers/deviceTaintEviction.ts', specifier: '../plugins/DynamicResources/allocator', refused: true },
    { file: 'src/engine/controllers/expand.ts', specifier: '../scheduler/scheduleOne', refused: true },
    { file: 'src/engine/plugins/NodeResourcesFit/filtering.ts', specifier: '../../simulation/simulation', refused: true },
    { file: 'src/engine/plugins/NodeResourcesFit/filtering.ts', specifier: '../../index', refused: true },
    { file: 'src/engine/simulation/simulation.ts', specifier: '..', refused: true },
    { file: 'src/engine/simulation/simulation.ts', specifier: '../whatIf/verify', refused: true },
    { file: 'src/engine/descheduler/plugins/PodLifeTime.ts', specifier: '../../queue/queue', refused: true },
    // issue 22: admission read the framework's and the descheduler's pod helpers (now in model/)
    { file: 'src/engine/model/admission/limitRanger.ts', specifier: '../../framework/resources', refused: true },
    { file: 'src/engine/model/quota/pods.ts', specifier: '../../descheduler/podutil', refused: true },
    { file: 'src/engine/model/quota/pods.ts', specifier: '../qos', refused: false },
    // a layer's own sub-folder of the same name as a higher layer is its own
    { file: 'src/engine/descheduler/registry.ts', specifier: './plugins/PodLifeTime', refused: false },
    { file: 'src/engine/controllers/deviceTaintEviction.ts', specifier: '../dra/allocator', refused: false },
    { file: 'src/engine/simulation/resourceClaims.ts', specifier: '../dra/allocator', refused: false },
    { file: 'src/engine/plugins/DynamicResources/index.ts', specifier: '../../dra/allocator', refused: false },
    { file: 'src/engine/plugins/NodeResourcesFit/filtering.ts', specifier: '../../framework/status', refused: false },
    { file: 'src/engine/whatIf/verify.ts', specifier: '../index', refused: false },
    // tests may build a whole simulation wherever they sit
    { file: 'src/engine/model/load.test.ts', specifier: '../simulation/simulation', refused: false },
  ])('$file imports $specifier: refused $refused', async ({ file, specifier, refused }) => {
    expect((await restricted(file, specifier)).length > 0).toBe(refused);
  });
});

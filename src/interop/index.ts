// Bringing clusters in and taking scenarios out: the public API of src/interop for the UI and
// the command line. Pure TypeScript (no DOM, no Node built-ins); every function is synchronous,
// deterministic, and never throws on user input (problems come back as `errors`/`warnings`).

export { normalizeKubectlDump, type ImportOptions, type KubectlImport, type KubectlImportStats } from './kubectl';
export { importSimulatorSnapshot, isSimulatorSnapshot, toSimulatorSnapshot, type SimulatorImport } from './simulatorSnapshot';
export { exportForKwok, bundleAsSingleYaml, type BundleFile, type KwokBundle, type KwokExportOptions } from './kwokExport';
export { scenarioFile, fileNameFor, type ScenarioFile, type ScenarioFileOptions } from './download';
export { detectFormat, importAny, type ImportFormat } from './detect';

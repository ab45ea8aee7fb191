// Monaco's plain editor worker, re-exported from our own source for Vite's `?worker` import
// (same reason as ./yaml.worker.ts).
import 'monaco-editor/esm/vs/editor/editor.worker.js';

// monaco-yaml's language worker, re-exported from our own source so Vite's `?worker` import works
// under the dev server as well as in the build (monaco-yaml README, FAQ).
import 'monaco-yaml/yaml.worker.js';

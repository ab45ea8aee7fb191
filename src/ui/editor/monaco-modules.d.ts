// The editor core without the bundled language services has the same API as the full package.
declare module 'monaco-editor/esm/vs/editor/edcore.main.js' {
  export * from 'monaco-editor';
}

// The YAML grammar alone (Monarch tokens and language configuration), without monaco-yaml.
declare module 'monaco-editor/esm/vs/basic-languages/yaml/yaml.js' {
  import type { languages } from 'monaco-editor';
  export const conf: languages.LanguageConfiguration;
  export const language: languages.IMonarchLanguage;
}

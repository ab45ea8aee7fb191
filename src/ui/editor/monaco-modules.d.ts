// The editor core without the bundled language services has the same API as the full package.
declare module 'monaco-editor/esm/vs/editor/edcore.main.js' {
  export * from 'monaco-editor';
}

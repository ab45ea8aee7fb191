// Hands a file to the browser's download machinery.

export function saveFile(fileName: string, content: string | Uint8Array, type: string): void {
  const blob = new Blob([content as BlobPart], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // the download has started by then; the object URL only holds memory
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** "zone-spread.yaml" → "zone-spread" */
export function baseName(fileName: string): string {
  return fileName.replace(/\.(ya?ml|json|txt)$/i, '') || 'scenario';
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10 * 1024 ? 1 : 0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

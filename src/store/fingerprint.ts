/** FNV-1a of a text and its length: a short key that tells two texts apart without keeping them. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `${(hash >>> 0).toString(36)}.${text.length.toString(36)}`;
}

// The lesson a link opens, read by the page's first script (src/boot.ts) so that the lesson's
// catalog file downloads alongside the app's chunk instead of one round trip after it
// (bench/browser/lessonFirstLoad.spec.ts). Only a hint: nothing is validated or migrated here and
// nothing but a fetch depends on it; the app decodes the link in full (./codec.ts).

import { fromBase64Url, inflate, MAX_DECOMPRESSED_BYTES } from './bytes';


/** The link's `lesson` field when it has one that looks like a lesson id; undefined otherwise (never throws). */
export async function peekLessonId(fragment: string): Promise<string | undefined> {
  try {
    const match = /^#?p\d{1,4}\.([A-Za-z0-9_-]+)$/.exec(fragment);
    const bytes = match === null ? undefined : fromBase64Url(match[1]!);
    if (bytes === undefined || bytes.length === 0) return undefined;
    const raw: unknown = JSON.parse(new TextDecoder().decode(await inflate(bytes, MAX_DECOMPRESSED_BYTES)));
    const lesson = typeof raw === 'object' && raw !== null ? (raw as { lesson?: unknown }).lesson : undefined;
    return typeof lesson === 'string' && /^[a-z0-9-]{1,100}$/.test(lesson) ? lesson : undefined;
  } catch {
    return undefined;
  }
}

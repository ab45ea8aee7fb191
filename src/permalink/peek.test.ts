import { describe, expect, it } from 'vitest';
import { encodePermalink } from './codec';
import { deflate, toBase64Url } from './bytes';
import { peekLessonId } from './peek';

// a link's payload as written, without the codec's checks
const raw = async (json: string) => `#p4.${toBase64Url(await deflate(json))}`;

describe('peekLessonId: the page\'s first script reads which lesson a link opens', () => {
  const cases: [string, () => Promise<string>, string | undefined][] = [
    ['a lesson link', async () => `#${await encodePermalink({ scenario: 'x', lesson: 'node-selector' })}`, 'node-selector'],
    ['a link without a lesson', async () => `#${await encodePermalink({ scenario: 'x' })}`, undefined],
    ['no fragment', async () => '', undefined],
    ['not a Podplay link', async () => '#section-2', undefined],
    ['truncated data', async () => (await raw('{"lesson":"node-selector","scenario":"x"}')).slice(0, 12), undefined],
    ['not JSON', async () => raw('lesson: node-selector'), undefined],
    ['a lesson field that is not an id', async () => raw('{"lesson":"../../evil.js"}'), undefined],
    ['a lesson field that is not a string', async () => raw('{"lesson":{"id":"node-selector"}}'), undefined],
  ];
  it.each(cases)('%s', async (_name, fragment, expected) => {
    expect(await peekLessonId(await fragment())).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { firstLines, lineCount } from './lines';

describe('lines', () => {
  it.each([['', 1], ['a', 1], ['a\n', 2], ['a\nb\nc', 3]])('%j has %i line(s)', (text, expected) => {
    expect(lineCount(text)).toBe(expected);
  });

  it('keeps the first lines, or the whole text when it is shorter', () => {
    expect(firstLines('a\nb\nc\nd', 2)).toBe('a\nb');
    expect(firstLines('a\nb', 5)).toBe('a\nb');
    expect(firstLines('a\nb\n', 2)).toBe('a\nb');
  });
});

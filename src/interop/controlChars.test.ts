import { describe, expect, it } from 'vitest';
import { escapeControlChars, escapeJsonText } from './controlChars';

describe('escapeControlChars', () => {
  it.each([
    ['plain text, é 日本 🎉 \\ "quotes"', 'plain text, é 日本 🎉 \\ "quotes"'],
    ['line\nfeed\rcarriage\ttab', 'line\\nfeed\\rcarriage\\ttab'],
    ['\u0000\u0007\u001b[2J\u001b]0;title\u0007', '\\u0000\\u0007\\u001b[2J\\u001b]0;title\\u0007'],
    ['del\u007f c1\u0085\u009b', 'del\\u007f c1\\u0085\\u009b'],
    ['\u2028\u2029', '\\u2028\\u2029'],
    ['abc\u202egpj.exe \u2066x\u2069 \u200e\u200f\u061c', 'abc\\u202egpj.exe \\u2066x\\u2069 \\u200e\\u200f\\u061c'],
  ])('%j', (text, shown) => {
    expect(escapeControlChars(text)).toBe(shown);
  });
});

describe('escapeJsonText', () => {
  it('escapes what JSON.stringify leaves raw, and reads back as the same value', () => {
    const value = { 'k\u202e': ['del\u007f', 'c1\u009b[31m', 'nel\u0085', 'ls\u2028ps\u2029', 'rlo\u202e lri\u2066', 'esc\u001b', 'é🎉'] };
    const text = escapeJsonText(JSON.stringify(value));
    expect(text).toBe('{"k\\u202e":["del\\u007f","c1\\u009b[31m","nel\\u0085","ls\\u2028ps\\u2029","rlo\\u202e lri\\u2066","esc\\u001b","é🎉"]}');
    expect(JSON.parse(text)).toEqual(value);
  });
});

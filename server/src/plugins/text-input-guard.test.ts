import { describe, expect, it } from 'vitest';
import { MAX_TEXT_CHARS, findTextProblem, textProblem } from './text-input-guard.ts';

describe('the text edge rule', () => {
  it('refuses NUL, unpaired surrogates (high, low, reversed) and over-long text; lets pairs and the limit through', () => {
    expect(textProblem('a\u0000b', 'Field "x"')).toBe('Field "x" must not contain a NUL character (U+0000)');
    for (const text of ['\ud800', 'a\udbffb', '\udc00', '\udc00\ud800', 'end\ud83d']) {
      expect(textProblem(text, 'Field "x"'), JSON.stringify(text)).toBe('Field "x" must not contain an unpaired surrogate (text that is not valid Unicode)');
    }
    expect(textProblem('x'.repeat(MAX_TEXT_CHARS + 1), 'Field "x"')).toBe(`Field "x" must be at most ${MAX_TEXT_CHARS} characters`);
    for (const text of ['', 'plain', '😀 👋🏽 𝄞', '\ufffd', '\u202e<script>', 'x'.repeat(MAX_TEXT_CHARS), '\t\n\r\u0001']) {
      expect(textProblem(text, 'Field "x"'), JSON.stringify(text.slice(0, 20))).toBeUndefined();
    }
  });

  it('finds bad text at any depth, in keys too, and names where it was', () => {
    expect(findTextProblem({ a: [1, { b: 'ok' }, { c: 'no\u0000' }] }, 'body')).toBe('Field "a[2].c" must not contain a NUL character (U+0000)');
    expect(findTextProblem({ ['k\u0000']: 1 }, 'body')).toBe('A field name must not contain a NUL character (U+0000)');
    expect(findTextProblem('\ud800', 'body')).toBe('Request body must not contain an unpaired surrogate (text that is not valid Unicode)');
    expect(findTextProblem({ search: ['a', 'b\u0000'] }, 'query')).toBe('Query parameter "search[1]" must not contain a NUL character (U+0000)');
    expect(findTextProblem({ hash: '\u0000' }, 'params')).toBe('Path parameter "hash" must not contain a NUL character (U+0000)');
    expect(findTextProblem({ ['k'.repeat(100)]: '\u0000' }, 'body')).toBe(`Field "${'k'.repeat(57)}..." must not contain a NUL character (U+0000)`);
    for (const value of [undefined, null, 0, true, { a: [1, 'ok', { b: null }] }]) expect(findTextProblem(value, 'body')).toBeUndefined();
  });

  it('walks a body nested 100,000 deep without overflowing the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let depth = 0; depth < 100_000; depth += 1) deep = [deep];
    expect(findTextProblem(deep, 'body')).toMatch(/must not contain a NUL character/);
  });
});

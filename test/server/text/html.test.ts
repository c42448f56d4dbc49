/** Description and excerpt HTML: sanitising and paragraphs (docs/contract/decisions.md, Input). */
import { describe, expect, it } from 'vitest';
import { autop, plainText, sanitizeHtml } from '../../../server/text/html.js';

describe('sanitizeHtml', () => {
  it.each([
    ['<script>alert(1)</script>Hi', 'Hi'],
    ['<img src="x" onerror="alert(1)">', '<img src="x" />'],
    ['<img src="https://x.org/a.png" onerror="alert(1)">', '<img src="https://x.org/a.png" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,x">x</a>', '<a>x</a>'],
    ['<a href="https://ok.example" onclick="x()">ok</a>', '<a href="https://ok.example">ok</a>'],
    ['<style>body{}</style><p style="color:red">p</p>', '<p>p</p>'],
    ['<iframe src="https://x"></iframe>t', 't'],
    [
      '<strong>b</strong> <em>i</em> <ul><li>l</li></ul>',
      '<strong>b</strong> <em>i</em> <ul><li>l</li></ul>',
    ],
  ])('%s', (input, output) => {
    expect(sanitizeHtml(input)).toBe(output);
  });
});

describe('autop', () => {
  it('wraps text in paragraphs like wpautop', () => {
    expect(autop('')).toBe('');
    expect(autop('Event 01 description')).toBe('<p>Event 01 description</p>');
    expect(autop('a\nb\n\nc')).toBe('<p>a<br />\nb</p>\n<p>c</p>');
    expect(autop('<p>already</p>')).toBe('<p>already</p>');
    expect(autop('<ul><li>x</li></ul>\n\ntext')).toBe('<ul><li>x</li></ul>\n<p>text</p>');
  });
});

describe('plainText', () => {
  it('drops tags and decodes entities', () => {
    expect(plainText('<p>A &amp; B</p>\n<p>C</p>')).toBe('A & B C');
    expect(plainText('<script>x</script>y')).toBe('y');
  });
});

import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { attr, jsonLdScript, link, rich, safeUrl, text } from '../../../server/public/html.js';

describe('public page HTML helpers', () => {
  it('escapes text and attribute values', () => {
    expect(text('<b a="1" b=\'2\'>&</b>')).toBe(
      '&lt;b a=&quot;1&quot; b=&#39;2&#39;&gt;&amp;&lt;/b&gt;',
    );
    expect(attr('" onmouseover="x')).toBe('&quot; onmouseover=&quot;x');
    expect(text(undefined)).toBe('');
  });

  it('lets only http(s) URLs through', () => {
    expect(safeUrl('https://example.org/a?b=1')).toBe('https://example.org/a?b=1');
    expect(safeUrl('HTTP://example.org')).toBe('http://example.org/');
    for (const bad of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'JaVaScRiPt:x',
      'data:text/html,x',
      '//evil.example',
      '/relative',
      'vbscript:x',
      'http://',
      42,
    ]) {
      expect(safeUrl(bad), String(bad)).toBeUndefined();
    }
    expect(link('javascript:alert(1)', 'label')).toBe('label');
    expect(link('https://a.example/"x', 'l')).toBe('<a href="https://a.example/%22x">l</a>');
  });

  it('sanitises stored HTML to formatting tags', () => {
    const out = rich('<p onclick="x">a</p><script>b()</script><a href="javascript:c()">d</a>');
    expect(out).toBe('<p>a</p><a>d</a>');
  });

  it('keeps JSON-LD inside its script element whatever the strings hold', () => {
    const data = { name: '</script><script>alert(1)</script><!-- & \u2028', nested: ['</SCRIPT>'] };
    const html = `<!doctype html><head>${jsonLdScript(data)}</head><body><p>after</p></body>`;
    const doc = new JSDOM(html).window.document;
    const scripts = doc.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(JSON.parse(scripts[0]!.textContent!)).toEqual(data);
    expect(doc.querySelector('p')?.textContent).toBe('after');
    expect(jsonLdScript(data)).not.toMatch(/<\/script>.*<\/script>/is);
  });
});

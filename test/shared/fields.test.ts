/** The field rules every payload and listing schema is built from. */
import { describe, expect, it } from 'vitest';
import {
  dateInput,
  isHttpUrl,
  MAX_PER_PAGE,
  pageInput,
  perPageInput,
  statusInput,
  text,
  websiteInput,
} from '../../shared/schemas/fields.js';

describe('field rules', () => {
  it('accepts absolute http(s) URLs without spaces only', () => {
    for (const good of ['http://a.example', 'HTTPS://A.EXAMPLE/x?y=1', 'https://a.example/%20'])
      expect(isHttpUrl(good), good).toBe(true);
    for (const bad of [
      'ftp://a.example',
      'http://',
      'https://',
      'a.example',
      'javascript:x',
      'http://a.example/b c',
      'http://a.example\tb',
      'http://a b.example',
    ])
      expect(isHttpUrl(bad), bad).toBe(false);
  });

  it('trims text and websites, and takes numbers as text', () => {
    expect(text('t').parse('  spaced  ')).toBe('spaced');
    expect(text('t').parse(75001)).toBe('75001');
    expect(websiteInput('w').parse(' http://a.example ')).toBe('http://a.example');
    expect(websiteInput('w').parse('')).toBe('');
    expect(websiteInput('w').safeParse(5).error!.issues[0]!.message).toBe(
      'must be an absolute http(s) URL or empty.',
    );
  });

  it('reads dates the API understands, with one message for all resources', () => {
    expect(dateInput('d').parse('2026-07-01')).toBe('2026-07-01');
    expect(dateInput('d').parse(1780000000)).toBe(1780000000);
    expect(dateInput('d').safeParse('garbage').error!.issues[0]!.message).toBe(
      'must be a date: YYYY-MM-DD HH:MM:SS, YYYY-MM-DD, ISO 8601, a Unix timestamp or words such as "tomorrow 9am".',
    );
  });

  it('caps per_page silently and defaults page to 1 (docs/contract/compat-notes.md §3.1)', () => {
    expect(MAX_PER_PAGE).toBe(50);
    expect(perPageInput('p').parse('100')).toBe(50);
    expect(perPageInput('p').parse(7)).toBe(7);
    expect(perPageInput('p').safeParse(0).success).toBe(false);
    expect(pageInput.parse(undefined)).toBe(1);
  });

  it('allows the write statuses only', () => {
    expect(statusInput.parse('draft')).toBe('draft');
    expect(statusInput.safeParse('trash').error!.issues[0]!.message).toBe(
      'must be one of publish, future, draft, pending, private.',
    );
  });
});

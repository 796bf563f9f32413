import { describe, expect, it } from 'vitest';
import { pageKey } from '../../../src/render/page-key';

describe('pageKey: the page a URL shows, as the routes read it', () => {
  it('drops what no route reads, so a made-up query string is the same page', () => {
    expect(pageKey('/shop?x=1')).toBe('/shop');
    expect(pageKey('/shop?x=2&y=abc')).toBe('/shop');
    expect(pageKey('/?utm_source=mail')).toBe('/');
    expect(pageKey('/faq?x=1')).toBe('/faq');
  });

  it('keeps the values the route validates, in one order, and drops unusable ones', () => {
    expect(pageKey('/shop?page=2&x=3')).toBe('/shop?page=2');
    expect(pageKey('/shop?category=blocks&page=2')).toBe(pageKey('/shop?page=2&category=blocks'));
    expect(pageKey('/shop?page=abc')).toBe('/shop');
    expect(pageKey('/shop?page=1')).toBe('/shop');
    expect(pageKey('/shop?product=5')).toBe('/shop?product=5');
    expect(pageKey('/login?redirect=%2Fcart&x=1')).toBe('/login?redirect=%2Fcart');
    expect(pageKey('/login?redirect=https%3A%2F%2Fevil.example')).toBe('/login');
  });

  it('keeps the path: different pages stay different', () => {
    expect(pageKey('/rules?x=1')).toBe('/rules');
    expect(pageKey('/some-page?x=1')).toBe('/some-page');
    expect(pageKey('/shop')).not.toBe(pageKey('/cart'));
  });
});

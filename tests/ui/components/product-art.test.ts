import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = resolve('public/images/products');
const art = readdirSync(folder).filter((file) => file.endsWith('.svg'));

describe('the demo product art', () => {
  it.each(art)('%s shows no words, since it is shown in every language', (file) => {
    const svg = readFileSync(resolve(folder, file), 'utf8');
    expect(svg).not.toMatch(/<text/);
  });
});

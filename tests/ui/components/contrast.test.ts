import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const tokensCss = readFileSync(resolve('src/styles/tokens.css'), 'utf8');
const heroSvg = readFileSync(resolve('public/images/hero/hero.svg'), 'utf8');

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const digits = hex.replace('#', '');
  return [0, 2, 4].map((start) => Number.parseInt(digits.slice(start, start + 2), 16)) as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const [lr, lg, lb] = [r, g, b].map((channel) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Custom properties of tokens.css whose value is a hex colour. */
const colours = new Map(
  [...tokensCss.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{6});/gi)].map((match) => [match[1] ?? '', match[2] ?? '']),
);

function colour(name: string): Rgb {
  const hex = colours.get(name);
  if (!hex) throw new Error(`tokens.css has no hex colour ${name}`);
  return parseHex(hex);
}

const minimum = { text: 4.5, large: 3, ui: 3 } as const;
const pairs = [...tokensCss.matchAll(/pair: (--[\w-]+) on (--[\w-]+) = ([\d.]+) \((text|large|ui)\)/g)].map(
  ([, fg = '', bg = '', stated = '', kind = 'text']) => ({
    fg,
    bg,
    stated: Number(stated),
    kind: kind as keyof typeof minimum,
  }),
);

describe('colour tokens', () => {
  it('documents the pairs the app uses', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(20);
    const documented = new Set(pairs.flatMap((pair) => [pair.fg, pair.bg]));
    for (const name of [
      '--color-text',
      '--color-bg',
      '--color-accent',
      '--color-on-accent',
      '--color-gold',
      '--color-focus',
    ]) {
      expect(documented).toContain(name);
    }
  });

  it.each(pairs)(
    '$fg on $bg meets WCAG AA for $kind and matches the ratio written down',
    ({ fg, bg, stated, kind }) => {
      const ratio = contrast(colour(fg), colour(bg));
      expect(ratio).toBeGreaterThanOrEqual(minimum[kind]);
      expect(Math.abs(ratio - stated)).toBeLessThan(0.01);
    },
  );
});

describe('hero background', () => {
  /** rgb(r g b / a) of a hero overlay token. */
  function overlay(name: string): { rgb: Rgb; alpha: number } {
    const match = new RegExp(`${name}:\\s*rgb\\((\\d+) (\\d+) (\\d+) / ([\\d.]+)\\)`).exec(tokensCss);
    if (!match) throw new Error(`tokens.css has no rgb() overlay ${name}`);
    return { rgb: [Number(match[1]), Number(match[2]), Number(match[3])], alpha: Number(match[4]) };
  }

  it('keeps white text AA over the lightest colour of the art, where the overlay is thinnest', () => {
    const top = overlay('--hero-overlay-top');
    const bottom = overlay('--hero-overlay-bottom');
    const thinnest = top.alpha <= bottom.alpha ? top : bottom;
    const artColours = [...heroSvg.matchAll(/(?:fill|stop-color)="(#[0-9a-f]{6})"/gi)].map((match) =>
      parseHex(match[1] ?? ''),
    );
    expect(artColours.length).toBeGreaterThan(3);
    const lightest = artColours.reduce((a, b) => (luminance(a) >= luminance(b) ? a : b));
    const blended = lightest.map(
      (channel, index) => channel * (1 - thinnest.alpha) + (thinnest.rgb[index] ?? 0) * thinnest.alpha,
    ) as Rgb;
    expect(contrast(colour('--color-text'), blended)).toBeGreaterThanOrEqual(4.5);
  });

  it("keeps the moon off a phone's content and whole below the header band on a desktop", () => {
    // viewBox 0 0 1440 640, 'cover', centred and anchored at the bottom. A 320 px wide, 1000 px tall
    // hero shows 1440 × 640 / 1000 × 320 / 1440 = 204.8 units either side of x = 720; the home page's
    // 1280 × 845 hero (scale 1.32) shows 484.8 units either side, and rows below the 115 px header
    // band from y = 87 units.
    const moon = [...heroSvg.matchAll(/<path fill="(#[0-9a-f]{6})" d="M(\d+) (\d+)h(\d+)v(\d+)h-\d+z"\/>/g)]
      .map(([, fill = '', x = '0', y = '0', width = '0', height = '0']) => ({
        fill,
        x: Number(x),
        y: Number(y),
        width: Number(width),
        height: Number(height),
      }))
      .filter((block) => block.width === block.height && block.width > 4)
      .sort((a, b) => luminance(parseHex(b.fill)) - luminance(parseHex(a.fill)))[0];
    if (!moon) throw new Error('hero.svg has no moon');
    const phoneHalf = ((640 / 1000) * 320) / 2;
    expect(moon.x).toBeGreaterThan(720 + phoneHalf);
    const desktopHalf = 1280 / (845 / 640) / 2;
    expect(moon.x + moon.width).toBeLessThanOrEqual(720 + desktopHalf);
    expect(moon.y).toBeGreaterThanOrEqual(115 / (845 / 640));
  });

  it('is a small vector image without embedded rasters or external references', () => {
    expect(heroSvg.length).toBeLessThan(8 * 1024);
    expect(heroSvg).not.toMatch(/<image|data:|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
  });
});

describe('link buttons inside containers that colour their links', () => {
  /** [ids, classes + attributes + pseudo-classes, types] of a simple compound selector list entry. */
  function specificity(selector: string): [number, number, number] {
    const bare = selector.replace(/:is\(([^)]*)\)/g, ' $1').replace(/::[\w-]+/g, '');
    const ids = bare.match(/#[\w-]+/g)?.length ?? 0;
    const classes = bare.match(/\.[\w-]+|\[[^\]]*\]|:[\w-]+/g)?.length ?? 0;
    const types = bare.match(/(^|[\s>+~])[a-z][\w-]*/gi)?.length ?? 0;
    return [ids, classes, types];
  }
  const outranks = (a: number[], b: number[]) => {
    for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
    return false;
  };

  /** Every `.container a { color: … }` rule of the app's style sheets (links' base colour in a container). */
  function linkColourRules(): { file: string; selector: string }[] {
    const files = readdirSync(resolve('src'), { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.css'),
    );
    return files.flatMap((file) =>
      [...readFileSync(resolve('src', file), 'utf8').matchAll(/([^{}]+)\{([^}]*)\}/g)].flatMap(
        ([, selectors = '', body = '']) =>
          /(^|;|\s)color:/.test(body)
            ? selectors
                .replace(/\/\*[\s\S]*?\*\//g, '')
                .split(',')
                .map((selector) => selector.trim())
                .filter((selector) => /\sa$/.test(selector))
                .map((selector) => ({ file, selector }))
            : [],
      ),
    );
  }

  it('keep the text colour of their variant (white on green was 2.12:1 in the header)', () => {
    const buttonCss = readFileSync(resolve('src/components/Button/Button.css'), 'utf8');
    const variants = [...buttonCss.matchAll(/([^{}]+)\{([^}]*)\}/g)]
      .filter(
        ([, selector = '', body = '']) => /button--\w+\s*$/.test(selector.trim()) && /color:/.test(body),
      )
      .map(([, selector = '']) => selector.replace(/\/\*[\s\S]*?\*\//g, '').trim());
    expect(variants.length).toBe(4);
    const rules = linkColourRules();
    expect(rules.map((rule) => rule.selector)).toContain('.site-header a');
    for (const variant of variants) {
      for (const rule of rules) {
        expect(
          outranks(specificity(variant), specificity(rule.selector)),
          `${variant} must outrank ${rule.selector} (${rule.file})`,
        ).toBe(true);
      }
    }
  });
});

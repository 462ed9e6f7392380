import fs from 'node:fs';
import path from 'node:path';
import { menuImagePath, STATIC_MENU } from '@quitute/contracts';
import { describe, expect, it } from 'vitest';

const publicDir = path.resolve(import.meta.dirname, '../../public');

describe('menu illustrations', () => {
  it.each(STATIC_MENU.map((item) => [item.slug]))(
    'given %s, then a small 160×120 SVG ships at menuImagePath(slug)',
    (slug) => {
      const file = path.join(publicDir, menuImagePath(slug));
      const svg = fs.readFileSync(file, 'utf8');

      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 120"')).toBe(
        true,
      );
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
      expect(Buffer.byteLength(svg)).toBeLessThan(3_500);
    },
  );

  it('given the public folder, then the logo is there too', () => {
    expect(fs.existsSync(path.join(publicDir, 'images/logo.svg'))).toBe(true);
  });
});

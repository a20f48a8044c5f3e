// `npm run preview-images`: writes tests/output/images-preview.html (git-ignored), one page
// of the drawn pictures (every product kind in its eight styles, the 24 colours, the sizes,
// every banner theme, some store logos) for a person to judge by eye. The renderers' own
// behaviour is covered by the unit tests in tests/unit/images.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COLOURS } from '../shared/colours';
import { BANNER_THEMES, PRODUCT_KINDS, PRODUCT_STYLES, type ProductKind } from '../shared/images';
import { renderBannerImage } from '../server/demo/pictures/banner-image';
import { renderLogoImage } from '../server/demo/pictures/logo-image';
import { productImageTitle, renderProductImage } from '../server/demo/pictures/product-image';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const output = path.join(root, 'tests/output/images-preview.html');

const attribute = (text: string) => text.replace(/[<>&"]/g, '');
const img = (svg: string, width: number, height: number, alt: string) =>
  `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${width}" height="${height}" alt="${attribute(alt)}" title="${attribute(alt)} (${svg.length} bytes)">`;

function previewPage(): string {
  const sections: string[] = [];
  let colourIndex = 0;
  // Every kind in its eight styles, colours walking through the 24 so each row differs.
  for (const [category, kinds] of Object.entries(PRODUCT_KINDS)) {
    const rows = (kinds as readonly ProductKind[]).map((kind) => {
      const cells = Array.from({ length: PRODUCT_STYLES }, (_, style) => {
        const colour = COLOURS[colourIndex++ % COLOURS.length]!.key;
        return img(renderProductImage({ kind, colour, style, size: '180' }), 140, 140, productImageTitle(kind, colour, style));
      });
      return `<div class="row"><span>${kind}</span>${cells.join('')}</div>`;
    });
    sections.push(`<h2>${category.charAt(0).toUpperCase()}${category.slice(1)}</h2>${rows.join('')}`);
  }
  const swatches = COLOURS.map(({ key }) => img(renderProductImage({ kind: 'dress', colour: key, style: 0, size: '80' }), 80, 80, key));
  sections.push(`<h2>All 24 colours at 80 px</h2><div class="row">${swatches.join('')}</div>`);
  const sizes = (['80', '180', 'full'] as const).map((size) => {
    const px = { '80': 80, '180': 180, full: 600 }[size];
    return img(renderProductImage({ kind: 'handbag', colour: 'brown', style: 3, size }), px, px, `handbag ${size}`);
  });
  sections.push(`<h2>One picture at 80, 180 and full size</h2><div class="row">${sizes.join('')}</div>`);
  const banners = BANNER_THEMES.map(
    (theme, i) =>
      `<div class="row"><span>${theme}</span>${img(renderBannerImage(theme, i + 1, 1200, 400), 600, 200, `${theme} banner`)}` +
      `${img(renderBannerImage(theme, i + 1, 300, 300), 200, 200, `${theme} tile`)}${img(renderBannerImage(theme, i + 1, 240, 360), 133, 200, `${theme} tall tile`)}</div>`,
  );
  sections.push(`<h2>Banners (1200×400, 300×300, 240×360)</h2>${banners.join('')}`);
  const logos = ['zara', 'h-and-m', 'net-a-porter', 'urban-outfitters', 'sephora', 'mango', 'selfridges', 'liberty-london', 'cos', 'reformation-store'];
  sections.push(`<h2>Logos</h2><div class="row">${logos.map((slug) => img(renderLogoImage(slug), 240, 120, slug)).join('')}</div>`);
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vitrine drawn pictures</title><style>' +
    'body{font:14px system-ui,sans-serif;margin:24px;color:#222}h2{margin:28px 0 8px}' +
    '.row{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin-bottom:6px}.row span{width:90px;font-size:12px;color:#666}' +
    `</style></head><body><h1>Vitrine drawn pictures</h1>${sections.join('')}</body></html>`
  );
}

fs.mkdirSync(path.dirname(output), { recursive: true });
fs.writeFileSync(output, previewPage());
console.log(`wrote ${path.relative(process.cwd(), output)}`);

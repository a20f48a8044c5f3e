import { describe, expect, it } from 'vitest';
import { referenceTransferEntries, resolveTransferEntries } from '../../../shared/payload';

describe('payload: router state points into the transfer cache', () => {
  const menu = { menuList: [{ itemId: 1, name: 'Women' }] };
  const slides = { sliders: [{ link: '/a', image: '/i.svg', linkTitle: 'A' }] };
  const transfer = new Map<string, unknown>([
    ['/api/menu', menu],
    ['/api/slides', slides],
  ]);

  it('replaces values that are transfer entries, or their properties, with references', () => {
    const loaderData = { root: { menu: menu.menuList }, home: { slides: slides.sliders, other: { note: 'kept' } }, raw: slides };
    const out = referenceTransferEntries(loaderData, transfer);
    expect(out).toEqual({
      root: { menu: { $transfer: ['/api/menu', 'menuList'] } },
      home: { slides: { $transfer: ['/api/slides', 'sliders'] }, other: { note: 'kept' } },
      raw: { $transfer: ['/api/slides'] },
    });
    expect(resolveTransferEntries(out, Object.fromEntries(transfer))).toEqual(loaderData);
  });

  it('leaves equal-looking copies alone: only the very same objects are shared', () => {
    const copy = { menu: [{ itemId: 1, name: 'Women' }] };
    expect(referenceTransferEntries({ root: copy }, transfer)).toEqual({ root: copy });
  });

  it('survives JSON and leaves router state untouched when nothing was transferred', () => {
    const loaderData = { root: { menu: menu.menuList } };
    expect(referenceTransferEntries(loaderData, new Map())).toBe(loaderData);
    const out = JSON.parse(JSON.stringify(referenceTransferEntries(loaderData, transfer))) as Record<string, unknown>;
    expect(resolveTransferEntries(out, JSON.parse(JSON.stringify(Object.fromEntries(transfer))))).toEqual(loaderData);
  });
});

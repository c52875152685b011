import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  computeImageFeatures,
  IMAGE_MATCH_THRESHOLD,
  imageSimilarity,
  packVector,
  sniffImageType,
  unpackFeatures,
  type ImageFeatures,
} from '../images/image-features.js';
import { renderProductPicture } from '../seed/demo-pictures.js';
import { buyersCopy } from '../../../../../tests/factories/search.js';

const PRODUCTS: Array<[string, string]> = [
  ['Dell Latitude 5490 laptop', 'Computers'],
  ['HP EliteBook 840 G5', 'Computers'],
  ['Samsung Galaxy M34 5G', 'Smartphones'],
  ['Ergonomic mesh office chair', 'Furniture'],
  ['Kirloskar 5 kVA diesel generator', 'IndustrialEquipment'],
  ['Cotton kurta for men, pack of 10', 'MensClothing'],
  ['Bata safety shoes', 'Shoes'],
  ['Canon EOS 1500D DSLR', 'Cameras'],
  ['Stainless steel water bottle 1 L', 'Kitchen'],
  ['A4 copier paper, 10 reams', 'OfficeSupplies'],
];

let originals: ImageFeatures[];
let copies: ImageFeatures[];

beforeAll(async () => {
  const pictures = await Promise.all(PRODUCTS.map(([title, category]) => renderProductPicture(title, category)));
  originals = await Promise.all(pictures.map((p) => computeImageFeatures(p)));
  copies = await Promise.all(pictures.map(async (p, i) => computeImageFeatures(await buyersCopy(p, i))));
});

describe('image features', () => {
  it('a cropped, resized, re-encoded copy matches its original first, above the threshold', () => {
    copies.forEach((copy, i) => {
      const scores = originals.map((o) => imageSimilarity(copy, o));
      const best = scores.indexOf(Math.max(...scores));
      expect(best, PRODUCTS[i][0]).toBe(i);
      expect(scores[i], PRODUCTS[i][0]).toBeGreaterThanOrEqual(IMAGE_MATCH_THRESHOLD);
    });
  });

  it('different products stay below the threshold', () => {
    for (let i = 0; i < originals.length; i += 1) {
      for (let j = 0; j < originals.length; j += 1) {
        if (i !== j) expect(imageSimilarity(copies[i], originals[j]), `${PRODUCTS[i][0]} vs ${PRODUCTS[j][0]}`).toBeLessThan(IMAGE_MATCH_THRESHOLD);
      }
    }
  });

  it('is symmetric and 1 for the same picture', () => {
    expect(imageSimilarity(originals[0], originals[0])).toBeCloseTo(1, 5);
    expect(imageSimilarity(originals[0], copies[1])).toBeCloseTo(imageSimilarity(copies[1], originals[0]), 6);
  });

  it('packs and unpacks losslessly', () => {
    const f = originals[2];
    const back = unpackFeatures(f.phash, f.colorBits, packVector(f));
    expect(back).toEqual(f);
  });

  it('knows image types from their bytes only', async () => {
    const png = await renderProductPicture('x', 'Other', 64);
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(await sharp(png).jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffImageType(await sharp(png).webp().toBuffer())).toBe('image/webp');
    expect(sniffImageType(await sharp(png).gif().toBuffer())).toBe('image/gif');
    expect(sniffImageType(Buffer.from('%PDF-1.4 not an image'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });

  it('refuses bytes that only look like an image', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    await expect(computeImageFeatures(fake)).rejects.toThrow();
  });
});

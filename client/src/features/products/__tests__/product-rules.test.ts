import { describe, expect, it } from 'vitest';
import { addTags, galleryProblem, MB, parseTags, quantityOrOne, thumbnailProblem } from '../utils/product-rules';
import { fakeFile } from './fixtures';

describe('create and edit form rules', () => {
  it('tags: trimmed, blanks dropped, unique ignoring case', () => {
    expect(parseTags(' steel, , Bulk ,bulk, export ')).toEqual(['steel', 'Bulk', 'export']);
    expect(addTags(['a'], ['A', ' b ', ''])).toEqual(['a', 'b']);
  });

  it('quantities default to 1 when invalid', () => {
    expect(quantityOrOne('5')).toBe(5);
    expect(['0', '-2', '1.5', 'abc', ''].map(quantityOrOne)).toEqual([1, 1, 1, 1, 1]);
  });

  it('thumbnail: an image less than 5MB (exactly 5 MiB is refused)', () => {
    expect(thumbnailProblem(fakeFile('a.jpg', 'image/jpeg', 5 * MB - 1))).toBeNull();
    expect(thumbnailProblem(fakeFile('a.jpg', 'image/jpeg', 5 * MB))).toEqual({ key: 'thumbnailTooBig' });
    expect(thumbnailProblem(fakeFile('a.jpg', 'image/jpeg', 5 * MB + 1))).toEqual({ key: 'thumbnailTooBig' });
    expect(thumbnailProblem(fakeFile('a.mp4', 'video/mp4'))).toEqual({ key: 'fileTypeNotAllowed', values: { type: 'video/mp4' } });
  });

  it('gallery: at most 5, images less than 5MB, other allowed files up to 50MB', () => {
    const six = Array.from({ length: 6 }, (_, i) => fakeFile(`${i}.png`, 'image/png'));
    expect(galleryProblem(six)).toEqual({ key: 'tooManyGallery' });
    expect(galleryProblem(six.slice(0, 2), 4)).toEqual({ key: 'tooManyGallery' });
    expect(galleryProblem([fakeFile('big.png', 'image/png', 5 * MB)])).toEqual({ key: 'galleryImageTooBig' });
    expect(galleryProblem([fakeFile('ok.png', 'image/png', 5 * MB - 1)])).toBeNull();
    expect(galleryProblem([fakeFile('v.mp4', 'video/mp4', 50 * MB)])).toBeNull();
    expect(galleryProblem([fakeFile('v.mp4', 'video/mp4', 20 * MB), fakeFile('m.obj', '')])).toBeNull();
    expect(galleryProblem([fakeFile('v.mp4', 'video/mp4', 60 * MB)])).toEqual({ key: 'fileTooBig', values: { size: '60.00', max: 50 } });
    expect(galleryProblem([fakeFile('x.html', 'text/html')])).toEqual({ key: 'fileTypeNotAllowed', values: { type: 'text/html' } });
  });
});

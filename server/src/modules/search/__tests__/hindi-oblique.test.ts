import { describe, expect, it } from 'vitest';
import { hindiOblique } from '../recommendations.service.js';

describe('Hindi category names before a postposition', () => {
  it("turn 'का' into 'के' and leave the rest", () => {
    expect(`${hindiOblique('ऑफ़िस का सामान')} में लोकप्रिय`).toBe('ऑफ़िस के सामान में लोकप्रिय');
    expect(hindiOblique('छोटे बच्चों का सामान')).toBe('छोटे बच्चों के सामान');
    expect(hindiOblique('फ़र्नीचर')).toBe('फ़र्नीचर');
  });
});

import { describe, expect, it } from 'vitest';
import { promoState } from '../promo-state';

const now = new Date('2026-11-29T12:00:00Z');
const code = { active: true, startsAt: new Date('2026-11-01'), endsAt: new Date('2026-12-01'), maxRedemptions: 5 };

describe('promoState', () => {
  it('says why a switched-on code takes no effect: ended, not started, used up', () => {
    expect(promoState(code, 0, now)).toBe('active');
    expect(promoState({ ...code, active: false }, 0, now)).toBe('switched off');
    expect(promoState({ ...code, endsAt: new Date('2026-11-01') }, 0, now)).toBe('ended');
    expect(promoState({ ...code, startsAt: new Date('2026-12-01') }, 0, now)).toBe('not started yet');
    expect(promoState(code, 5, now)).toBe('used up');
    expect(promoState({ ...code, startsAt: null, endsAt: null, maxRedemptions: null }, 99, now)).toBe('active');
  });
});

import { describe, expect, it } from 'vitest';
import { creditsBadge } from './credits-badge.ts';

describe('credits badge', () => {
  it('shows at 10 or fewer: warning above 0, danger at 0', () => {
    expect(creditsBadge(11)).toEqual({ show: false, tone: 'warning' });
    expect(creditsBadge(10)).toEqual({ show: true, tone: 'warning' });
    expect(creditsBadge(1)).toEqual({ show: true, tone: 'warning' });
    expect(creditsBadge(0)).toEqual({ show: true, tone: 'danger' });
  });
});

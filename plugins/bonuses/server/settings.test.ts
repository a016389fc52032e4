import { describe, expect, it } from 'vitest';
import { settingProblem } from '../../../kernel/server/plugin-settings.ts';
import bonusesPlugin from '../plugin.ts';

describe('bonuses settings', () => {
  it('welcome_discount: a percentage (two decimals, at most 90) and whole hours (at most a year)', () => {
    const { schema } = bonusesPlugin.settings.welcome_discount;
    expect(settingProblem(schema, bonusesPlugin.settings.welcome_discount.default)).toBeNull();
    expect(settingProblem(schema, { percentage: 12.5, hours: 0 })).toBeNull();
    expect(settingProblem(schema, { percentage: 91, hours: 72 }, 'welcome_discount')).toMatch(/^welcome_discount\/percentage/);
    expect(settingProblem(schema, { percentage: 12.345, hours: 72 }, 'welcome_discount')).toMatch(/^welcome_discount\/percentage/);
    expect(settingProblem(schema, { percentage: 25, hours: 1.5 }, 'welcome_discount')).toMatch(/^welcome_discount\/hours/);
    expect(settingProblem(schema, { percentage: 25 })).not.toBeNull();
    expect(settingProblem(schema, { percentage: 25, hours: 72, days: 3 })).not.toBeNull();
    const { title, description } = schema as { title?: string; description?: string };
    expect(title).toBeTruthy();
    expect(description).toBeTruthy();
  });
});

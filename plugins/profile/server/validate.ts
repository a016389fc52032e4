import { badRequest } from '../../../kernel/server/errors.ts';
import { ABOUT_MAX, INTERESTS_MAX, type ProfileUpdate } from '../../members/contract.ts';
import { birthdayIssues, nameIssues } from '../../signup/contract.ts';

/**
 * The rules beyond the schema, each failure naming its field. `regionsOf` gives the region codes
 * of a country this site serves (null for a country it does not).
 */
export function checkProfileUpdate(
  u: ProfileUpdate, current: { country: string; email: string }, regionsOf: (country: string) => string[] | null, today: Date,
): ProfileUpdate {
  const out: ProfileUpdate = { ...u };
  const fail = (field: string, code: string, params: Record<string, string | number> = {}) => badRequest(code, `${field}: ${code}`, { field, ...params });
  if (u.name !== undefined) {
    const issue = nameIssues(u.name, current.email)[0];
    if (issue) throw fail('name', issue.code, issue.params);
    out.name = u.name.trim();
  }
  if (u.birthdate !== undefined) {
    const issue = birthdayIssues(u.birthdate, today)[0];
    if (issue) throw fail('birthdate', issue.code, issue.params);
  }
  if (u.country !== undefined || u.region !== undefined) {
    const country = u.country ?? current.country;
    const regions = regionsOf(country);
    if (!regions) throw fail('country', 'country_missing');
    if (!u.region || !regions.includes(u.region)) throw fail('region', 'region_missing');
  }
  if (u.city !== undefined) {
    out.city = u.city.trim();
    if (out.city.length > 80) throw fail('city', 'city_invalid');
  }
  if (u.interests !== undefined) {
    out.interests = [...new Set(u.interests)];
    if (out.interests.length > INTERESTS_MAX) throw fail('interests', 'too_many_interests', { max: INTERESTS_MAX });
  }
  if (u.about !== undefined) {
    out.about = u.about.trim();
    if (out.about.length > ABOUT_MAX) throw fail('about', 'about_too_long', { max: ABOUT_MAX });
  }
  return out;
}

import { isValidEmail } from '../../../kernel/contract/validation.ts';
import { COMPLAINT_LIMITS, COMPLAINT_TOPICS, type ComplaintTopic } from '../contract.ts';

export interface ComplaintForm { name: string; email: string; topic: ComplaintTopic | ''; text: string }
export type FieldName = keyof ComplaintForm;
/** A field's problem: the code of its text (complaints:errors.<code>) and the text's parameters. */
export interface Problem { code: string; params?: Record<string, string | number> }

/** The form's problems, field by field in the form's order (the server checks the same, complaints/server/routes.ts). */
export function validateComplaint(f: ComplaintForm): Partial<Record<FieldName, Problem>> {
  const out: Partial<Record<FieldName, Problem>> = {};
  if (!f.name.trim()) out.name = { code: 'name_required' };
  if (!isValidEmail(f.email.trim().toLowerCase())) out.email = { code: 'invalid_email' };
  if (!COMPLAINT_TOPICS.includes(f.topic as ComplaintTopic)) out.topic = { code: 'topic_required' };
  const length = [...f.text.trim()].length;
  if (length < COMPLAINT_LIMITS.textMin) out.text = { code: 'text_too_short', params: { min: COMPLAINT_LIMITS.textMin } };
  else if (f.text.length > COMPLAINT_LIMITS.text) out.text = { code: 'text_too_long', params: { max: COMPLAINT_LIMITS.text } };
  return out;
}

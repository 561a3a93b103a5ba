// What a contact message must look like before it is stored or e-mailed (all four fields required,
// docs/storefront.md). The rules and their sentences are the contact page's own (domain/fieldRules.ts),
// so the visitor reads one wording whichever side notices.
import { z } from 'zod';
import { contactFields } from '../../domain/fieldRules';
import { ruleField } from '../lib/fieldSchema';
import { jsonError, type BodyParser } from '../lib/httpErrors';

export const contactMessageSchema = z.object({
  name: ruleField(contactFields.name),
  email: ruleField(contactFields.email),
  phone: ruleField(contactFields.phone),
  message: ruleField(contactFields.message),
});
// Unknown fields are dropped (z.object strips them), so nothing but these four is ever stored.

export type ContactMessage = z.infer<typeof contactMessageSchema>;
export type ContactField = keyof ContactMessage;

export type ContactParseResult =
  { ok: true; message: ContactMessage } | { ok: false; field?: ContactField; error: string };

const fieldOrder: readonly ContactField[] = ['name', 'email', 'phone', 'message'];

/** Validates a request body; on failure names the first problem in the form's field order. */
export function parseContactMessage(body: unknown): ContactParseResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, error: 'The request body must be a JSON object with name, email, phone and message.' };
  }
  const result = contactMessageSchema.safeParse(body);
  if (result.success) return { ok: true, message: result.data };
  for (const field of fieldOrder) {
    const issue = result.error.issues.find((candidate) => candidate.path[0] === field);
    if (issue) return { ok: false, field, error: issue.message };
  }
  return { ok: false, error: 'Please check the form and try again.' };
}

/** The route's check (server/lib/httpErrors.ts validate): 400 with the problem and, when one, its field. */
export const contactBody: BodyParser<ContactMessage> = (body) => {
  const parsed = parseContactMessage(body);
  if (parsed.ok) return { ok: true, data: parsed.message };
  return { ok: false, error: jsonError(400, parsed.error, parsed.field ? { field: parsed.field } : {}) };
};

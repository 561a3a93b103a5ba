// zod schemas built from the shared field rules (domain/fieldRules.ts), so the API refuses exactly
// what the SPA's forms refuse, with the same sentences.
import { z } from 'zod';
import { fieldError, type FieldRule } from '../../domain/fieldRules';

/** A string field checked by its rule and handed on trimmed; a missing or non-string value reads as empty. */
export function ruleField(rule: FieldRule) {
  return z
    .string({ error: rule.required })
    .superRefine((value, ctx) => {
      const error = fieldError(rule, value);
      if (error !== null) ctx.addIssue({ code: 'custom', message: error });
    })
    .transform((value) => value.trim());
}

/** The first issue's message in the given field order, so a form shows the topmost problem first. */
export function firstIssue<K extends string>(
  error: z.ZodError,
  order: readonly K[],
): { field?: K; message: string } | undefined {
  for (const field of order) {
    const issue = error.issues.find((candidate) => candidate.path[0] === field);
    if (issue) return { field, message: issue.message };
  }
  const issue = error.issues[0];
  return issue ? { message: issue.message } : undefined;
}

export type ParseResult<T> = { ok: true; data: T } | { ok: false; message: string };

/**
 * Validates a body; on failure the message of the most useful issue: a customer field problem in the
 * form's order, else the first one. 'Emails do not match!' comes after the fields themselves.
 */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): ParseResult<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'The request body must be a JSON object.' };
  }
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  const order = ['name', 'email', 'confirmEmail', 'phone'];
  const customerIssue = order
    .map((field) => result.error.issues.find((issue) => issue.path[0] === 'customer' && issue.path[1] === field))
    .find((issue) => issue !== undefined);
  return {
    ok: false,
    message: (customerIssue ?? result.error.issues[0])?.message ?? 'Please check the form and try again.',
  };
}

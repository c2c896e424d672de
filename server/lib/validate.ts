// Parses request parts with the contract's schemas; failures become 400s naming the field.
import { formatIssues } from '../../contract/common';
import { badRequest } from './errors';

interface SafeParser<T> {
  safeParse(
    input: unknown,
    params?: { reportInput?: boolean },
  ): { success: true; data: T } | { success: false; error: { issues: readonly unknown[] } };
}

type Issue = Parameters<typeof formatIssues>[0][number];

/**
 * `field` names a lone value (a path parameter such as `id`), so its 400 names that field
 * rather than the body.
 */
export function parse<T>(schema: SafeParser<T>, input: unknown, field?: string): T {
  // reportInput lets the message tell a missing field ("is required") from one of the wrong
  // type ("must be a string"); the input itself never reaches the message.
  const result = schema.safeParse(input ?? {}, { reportInput: true });
  if (result.success) return result.data;
  const issues = result.error.issues as readonly Issue[];
  throw badRequest(formatIssues(field ? issues.map((issue) => ({ ...issue, path: [field, ...issue.path] })) : issues));
}

// The API Access tab's failure example: a real answer of this server, in the contract's error
// shape (contract/common.ts ApiErrorBody), with the `code` and `issues` docs/api.md tells clients
// to act on. tests/e2e/research.test.ts sends FAILURE_REQUEST and expects exactly this body.
import type { ApiErrorBody } from '@contract/common';
import { ENDPOINTS } from '@contract/endpoints';

/** A page larger than the largest there is. */
export const FAILURE_REQUEST = `${ENDPOINTS.peptides.method} ${ENDPOINTS.peptides.path}?limit=101`;

export const FAILURE_EXAMPLE: ApiErrorBody = {
  success: false,
  error: 'limit must be at most 100',
  code: 'validation_failed',
  issues: [{ path: ['limit'], message: 'limit must be at most 100' }],
};

import { setupServer } from 'msw/node';
import { accountHandlers } from './account-handlers';
import { handlers } from './handlers';

export const server = setupServer(...handlers, ...accountHandlers);

// The API written once: imported by the SPA, the server and the test mocks.
export * from './common';
export * from './rules';
export * from './users';
export * from './account';
export * from './peptides';
export * from './sources';
export * from './experiences';
export * from './moderation';
export * from './moderation-api';
export * from './members';
export * from './analytics';
export * from './endpoints';

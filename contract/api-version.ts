// The API's version (semver), given in the OpenAPI document's `info.version`. docs/api.md,
// "Versions", says how it is raised; docs/api-changelog.md says what each version changed;
// tests/server/api-versions.test.ts fails when the document changes from the last release
// (docs/api-release/openapi.json) without a raise and an entry.
export const API_VERSION = '3.1.0';

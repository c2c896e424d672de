// Where this project's source code is public, set when the site is built (VITE_SOURCE_URL,
// README.md "Configuration"): one value for every link to it (the Privacy page, the Research
// Hub's API guide). Unset (or not an https address), no page links to source code or says it is
// public: a link to an address that is not this project's would make claims nobody can check.

function httpsAddress(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href.replace(/\/$/, '') : null;
  } catch {
    return null;
  }
}

/** The public repository's address, or null when the site was built without one. */
export const SOURCE_CODE_URL: string | null = httpsAddress(import.meta.env.VITE_SOURCE_URL);

/** A file of the repository's main branch (the `/blob/main/` form GitHub, GitLab and Gitea share), or null. */
export function sourceFileUrl(path: string): string | null {
  return SOURCE_CODE_URL && `${SOURCE_CODE_URL}/blob/main/${path}`;
}
